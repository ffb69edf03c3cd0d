import AuthflowBackend
import AuthflowCore
import AuthflowTestSupport
import Testing

/// The route decision against the embedded backend over HTTP. The configurations name no emulator (so the
/// production decisions run) while the client talks to the backend, whose faults stand in for a project's
/// reCAPTCHA settings.
@Suite("Choosing the phone route")
struct PhoneVerifierChoiceTests {
    static func configuration(_ pairs: [ConfigurationKey: String]) -> ProjectConfiguration {
        var values = pairs.mapValues { ConfiguredValue(value: $0, source: .flag("test")) }
        values[.apiKey] = ConfiguredValue(value: "k", source: .flag("--api-key"))
        values[.projectID] = ConfiguredValue(value: "demo-project", source: .flag("--project-id"))
        return ProjectConfiguration(values: values)
    }

    static let iosApp: [ConfigurationKey: String] = [
        .clientID: "1-a.apps.googleusercontent.com", .iosBundleID: "com.example.app",
    ]

    func plan(
        _ backend: EmbeddedBackend, _ pairs: [ConfigurationKey: String], requested: PhoneVerifier? = nil,
        testMode: Bool = false
    ) async throws(PhoneSignInError) -> PhoneVerificationPlan {
        try await PhoneVerifierChoice(
            client: SignedInBackend.client(for: backend), configuration: Self.configuration(pairs)
        )
        .plan(requested: requested, testMode: testMode)
    }

    @Test("Test mode and emulators need no proof")
    func none() async throws {
        let backend = try EmbeddedBackend()
        defer { backend.stop() }
        #expect(try await plan(backend, Self.iosApp, testMode: true).verifier == .none)
        #expect(try await plan(backend, [.emulatorHost: backend.hostAndPort]).verifier == .none)
        #expect(
            try await plan(backend, [.emulatorHost: backend.hostAndPort], requested: .loopback).verifier == .loopback)
    }

    @Test("The hosted page when the iOS app is configured, else the loopback page with the v2 site key")
    func automatic() async throws {
        let backend = try EmbeddedBackend()
        defer { backend.stop() }
        let hosted = try await plan(backend, Self.iosApp)
        let loopback = try await plan(backend, [:])

        #expect(hosted.verifier == .hosted && hosted.clientType == .ios && hosted.enforcement == .off)
        #expect(loopback.verifier == .loopback && loopback.clientType == .web)
        #expect(loopback.siteKey == "Fake-key__Do-not-send-this-to-Recaptcha_")
        #expect(loopback.reason == .hostedNeedsIOSApp(missing: [.clientOrAppID, .bundleID])) // CLI: ErrorWordingTests.
    }

    @Test("ENFORCE sends even a configured iOS app to the loopback page with the Enterprise key; AUDIT keeps the route")
    func enterprise() async throws {
        let backend = try EmbeddedBackend()
        defer { backend.stop() }
        backend.setFault(
            .status(
                200,
                body:
                    #"{"recaptchaKey":"projects/p/keys/ent","recaptchaEnforcementState":[{"provider":"PHONE_PROVIDER","enforcementState":"ENFORCE"}]}"#
            ), for: "recaptchaConfig")
        let enforced = try await plan(backend, Self.iosApp)
        backend.setFault(
            .status(
                200,
                body:
                    #"{"recaptchaKey":"projects/p/keys/ent","recaptchaEnforcementState":[{"provider":"EMAIL_PASSWORD_PROVIDER","enforcementState":"ENFORCE"},{"provider":"PHONE_PROVIDER","enforcementState":"AUDIT"}]}"#
            ), for: "recaptchaConfig")
        let audited = try await plan(backend, Self.iosApp)
        let auditedLoopback = try await plan(backend, [:])

        #expect(enforced.verifier == .loopback && enforced.enterpriseSiteKey == "ent" && enforced.siteKey == nil)
        #expect(audited.verifier == .hosted && audited.enforcement == .audit)
        #expect(auditedLoopback.enterpriseSiteKey == "ent" && auditedLoopback.siteKey != nil)
    }

    @Test("Refusals say what to configure: no iOS app for hosted, no localhost for loopback")
    func refusals() async throws {
        let backend = try EmbeddedBackend()
        defer { backend.stop() }
        await #expect {
            try await plan(backend, [.clientID: "1-a.apps.googleusercontent.com"], requested: .hosted)
        } throws: { error in
            // The CLI's wording (`the iOS bundle ID (--ios-bundle-id)`, no `--client-id`): ErrorWordingTests.
            guard case PhoneSignInError.verifierUnavailable(.hostedNeedsIOSApp(let missing)) = error else {
                return false
            }
            return missing == [.bundleID]
        }
        backend.setFault(
            .status(200, body: #"{"authorizedDomains":["demo-project.firebaseapp.com"]}"#), for: "projects")
        await #expect {
            try await plan(backend, Self.iosApp, requested: .loopback)
        } throws: { error in
            let text = "\(error)"
            // The CLI's `--verifier hosted` advice: ErrorWordingTests.
            guard case PhoneSignInError.verifierUnavailable(.localhostNotAuthorized(_, hostedAvailable: true)) = error
            else { return false }
            return text.contains("console.firebase.google.com/project/demo-project/authentication/settings")
        }
    }
}
