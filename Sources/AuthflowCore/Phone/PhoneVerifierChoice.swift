import AuthflowIdentityToolkit

/// Decides how a phone sign-in proves the app, from the configuration and what the project says about
/// itself.
///
/// In order: test mode (`none`) under an emulator or when asked for; otherwise the project's reCAPTCHA
/// Enterprise state for phone sign-in. ENFORCE needs an Enterprise token, which only the loopback page can
/// produce; else the hosted page when the iOS app is configured (iOS parity); else the loopback page, which
/// needs `localhost` among the authorized domains. An explicit route is checked, never silently replaced.
public struct PhoneVerifierChoice: Sendable {
    private let client: IdentityToolkitClient
    private let configuration: ProjectConfiguration

    /// A choice asking the project through `client`.
    public init(client: IdentityToolkitClient, configuration: ProjectConfiguration) {
        self.client = client
        self.configuration = configuration
    }

    /// The plan for `requested` (nil chooses automatically); `testMode` is
    /// `--app-verification-disabled-for-testing`.
    public func plan(requested: PhoneVerifier?, testMode: Bool) async throws(PhoneSignInError) -> PhoneVerificationPlan {
        let emulatorReason = "the Auth Emulator does not check app verification"
        if requested == PhoneVerifier.none || testMode {
            let reason = configuration.emulatorHost != nil
                ? emulatorReason
                : "app verification is disabled for testing (it only works with the project's fictional test numbers)"
            return PhoneVerificationPlan(verifier: .none, clientType: .ios, reason: reason)
        }
        if requested == nil, configuration.emulatorHost != nil {
            return PhoneVerificationPlan(verifier: .none, clientType: .ios, reason: emulatorReason)
        }

        let enforcement = await phoneEnforcement()
        let hostedProblem = self.hostedProblem()
        let verifier = requested ?? (enforcement.state == .enforce || hostedProblem != nil ? .loopback : .hosted)
        switch verifier {
        case .hosted:
            if let hostedProblem { throw .verifierUnavailable(hostedProblem) }
            guard enforcement.state != .enforce else {
                throw .verifierUnavailable(
                    "This project enforces reCAPTCHA Enterprise for phone sign-in, and the hosted page only gives "
                        + "reCAPTCHA v2 tokens. Use --verifier loopback.")
            }
            return PhoneVerificationPlan(
                verifier: .hosted, enforcement: enforcement.state, clientType: .ios,
                callbackScheme: configuration.callbackScheme,
                reason: requested == nil ? "the iOS app's client or app ID and bundle ID are configured" : "as requested")
        case .loopback:
            // Under ENFORCE the hosted page is no way out, so it is not suggested.
            return try await loopbackPlan(
                enforcement: enforcement, hostedAvailable: hostedProblem == nil && enforcement.state != .enforce,
                requested: requested != nil)
        case .none:
            return PhoneVerificationPlan(verifier: .none, clientType: .ios, reason: "as requested")
        }
    }

    /// Why the hosted route cannot run, or nil: it needs the iOS app's bundle ID and a client or app ID for
    /// the callback scheme.
    func hostedProblem() -> String? {
        let missing = missingForHosted()
        guard !missing.isEmpty else { return nil }
        return "The hosted reCAPTCHA route needs " + missing.joined(separator: " and ")
            + ", as in the iOS app's GoogleService-Info.plist (pass it with --config)."
    }

    private func missingForHosted() -> [String] {
        var missing: [String] = []
        if configuration.callbackScheme == nil { missing.append("the iOS client ID (--client-id) or app ID (--app-id)") }
        if configuration[.iosBundleID] == nil { missing.append("the iOS bundle ID (--ios-bundle-id)") }
        return missing
    }

    private func loopbackPlan(
        enforcement: (state: RecaptchaEnforcementState, siteKey: String?), hostedAvailable: Bool, requested: Bool
    ) async throws(PhoneSignInError) -> PhoneVerificationPlan {
        let domains: [String]
        do {
            domains = try await client.send(GetProjectConfigRequest()).authorizedDomains
        } catch {
            throw .lookupFailed(error)
        }
        guard domains.contains(where: { $0.lowercased() == "localhost" }) else {
            throw .verifierUnavailable(localhostMissing(hostedAvailable: hostedAvailable))
        }
        var enterpriseKey: String?
        if enforcement.state == .enforce || enforcement.state == .audit {
            enterpriseKey = enforcement.siteKey
            if enterpriseKey == nil, enforcement.state == .enforce {
                throw .verifierUnavailable(
                    "This project enforces reCAPTCHA Enterprise for phone sign-in but sent no Enterprise site key; "
                        + "check the reCAPTCHA settings under Authentication → Settings in the Firebase console.")
            }
        }
        var siteKey: String?
        if enforcement.state != .enforce {
            do {
                siteKey = try await client.send(GetRecaptchaParamsRequest()).recaptchaSiteKey
            } catch {
                throw .lookupFailed(error)
            }
            guard siteKey != nil else {
                throw .lookupFailed(.malformedResponse(.init(status: 200, problem: "recaptchaParams has no recaptchaSiteKey", excerpt: "")))
            }
        }
        return PhoneVerificationPlan(
            verifier: .loopback, enforcement: enterpriseKey == nil ? .off : enforcement.state, clientType: .web,
            siteKey: siteKey, enterpriseSiteKey: enterpriseKey,
            reason: requested
                ? "as requested"
                : enforcement.state == .enforce
                    ? "the project enforces reCAPTCHA Enterprise, which only this page can run"
                    : "the hosted page would need " + missingForHosted().joined(separator: " and "))
    }

    /// The project's phone enforcement state and Enterprise site key, asked as the web SDK asks. Like the web
    /// SDK, a failed lookup (the emulator answers 501) counts as OFF: the v2 flow still works there.
    private func phoneEnforcement() async -> (state: RecaptchaEnforcementState, siteKey: String?) {
        guard let reply = try? await client.send(GetRecaptchaConfigRequest(clientType: .web)) else { return (.off, nil) }
        let state = reply.enforcementState(for: .phone)
        return (state == .unspecified ? .off : state, reply.siteKey)
    }

    private func localhostMissing(hostedAvailable: Bool) -> String {
        let project = configuration.projectID ?? "PROJECT"
        var text = "The loopback reCAPTCHA page runs at http://localhost, and localhost is not among this project's "
            + "authorized domains, so reCAPTCHA would refuse it. In the Firebase console, open Authentication → "
            + "Settings → Authorized domains (https://console.firebase.google.com/project/\(project)/authentication/settings), "
            + "choose Add domain and enter: localhost"
        text += hostedAvailable
            ? ". Or use the hosted page: --verifier hosted."
            : ". Or configure the hosted page with the iOS app's --client-id (or --app-id) and --ios-bundle-id."
        return text
    }
}
