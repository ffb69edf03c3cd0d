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

    /// The plan for `requested` (nil chooses automatically); `testMode` disables app verification for the
    /// project's fictional test numbers.
    public func plan(requested: PhoneVerifier?, testMode: Bool) async throws(PhoneSignInError) -> PhoneVerificationPlan
    {
        if requested == PhoneVerifier.none || testMode {
            let reason: PhoneVerificationPlan.Reason = configuration.emulatorHost != nil ? .emulator : .testMode
            return PhoneVerificationPlan(verifier: .none, clientType: .ios, reason: reason)
        }
        if requested == nil, configuration.emulatorHost != nil {
            return PhoneVerificationPlan(verifier: .none, clientType: .ios, reason: .emulator)
        }

        let enforcement = await phoneEnforcement()
        let hostedProblem = self.hostedProblem()
        let verifier = requested ?? (enforcement.state == .enforce || hostedProblem != nil ? .loopback : .hosted)
        switch verifier {
        case .hosted:
            if let hostedProblem { throw .verifierUnavailable(hostedProblem) }
            guard enforcement.state != .enforce else { throw .verifierUnavailable(.hostedUnderEnterpriseEnforcement) }
            // Under AUDIT the Enterprise key lets the hosted route try an Enterprise token first (iOS's order).
            return PhoneVerificationPlan(
                verifier: .hosted, enforcement: enforcement.state, clientType: .ios,
                enterpriseSiteKey: enforcement.state == .audit ? enforcement.siteKey : nil,
                callbackScheme: configuration.callbackScheme,
                reason: requested == nil ? .iosAppConfigured : .requested)
        case .loopback:
            // Under ENFORCE the hosted page is no way out, so it is not suggested.
            return try await loopbackPlan(
                enforcement: enforcement, hostedAvailable: hostedProblem == nil && enforcement.state != .enforce,
                requested: requested != nil)
        case .none:
            return PhoneVerificationPlan(verifier: .none, clientType: .ios, reason: .requested)
        }
    }

    /// Why the hosted route cannot run, or nil: it needs the iOS app's bundle ID and a client or app ID for
    /// the callback scheme.
    func hostedProblem() -> PhoneVerifierProblem? {
        let missing = missingForHosted()
        guard !missing.isEmpty else { return nil }
        return .hostedNeedsIOSApp(missing: missing)
    }

    private func missingForHosted() -> [IOSAppSetting] {
        IOSAppSetting.missing(in: configuration)
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
            throw .verifierUnavailable(
                .localhostNotAuthorized(projectID: configuration.projectID, hostedAvailable: hostedAvailable))
        }
        var enterpriseKey: String?
        if enforcement.state == .enforce || enforcement.state == .audit {
            enterpriseKey = enforcement.siteKey
            if enterpriseKey == nil, enforcement.state == .enforce {
                throw .verifierUnavailable(.enterpriseSiteKeyMissing)
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
                throw .lookupFailed(
                    .malformedResponse(
                        .init(status: 200, problem: .missing(field: "recaptchaSiteKey"), excerpt: "")))
            }
        }
        return PhoneVerificationPlan(
            verifier: .loopback, enforcement: enterpriseKey == nil ? .off : enforcement.state, clientType: .web,
            siteKey: siteKey, enterpriseSiteKey: enterpriseKey,
            reason: requested
                ? .requested
                : enforcement.state == .enforce ? .enterpriseEnforced : .hostedNeedsIOSApp(missing: missingForHosted()))
    }

    /// The project's phone enforcement state and Enterprise site key, asked as the web SDK asks. Like the web
    /// SDK, a failed lookup (the emulator answers 501) counts as OFF: the v2 flow still works there.
    private func phoneEnforcement() async -> (state: RecaptchaEnforcementState, siteKey: String?) {
        guard let reply = try? await client.send(GetRecaptchaConfigRequest(clientType: .web)) else {
            return (.off, nil)
        }
        let state = reply.enforcementState(for: .phone)
        return (state == .unspecified ? .off : state, reply.siteKey)
    }
}
