import AuthflowBackend
import AuthflowLocalization

/// Sign-in with GitHub through the OAuth 2.0 device authorization grant (RFC 8628), the route for a machine no
/// browser can reach: `authflow oauth sign-in --device` asks the backend's stand-in of GitHub's device endpoints
/// for a code, shows it with the page to open on any device, and polls until the person approves there; GitHub's
/// access token then goes to `signInWithIdp`. The tour plays the person at GitHub's page through the backend's
/// switch (what `POST /emulator/v1/projects/<id>/deviceAuthorizations` does for a separate emulator).
struct DeviceTourStep: TourStep {
    /// The client ID of the GitHub OAuth app with device flow enabled, as the stand-in takes any.
    static let clientID = "Iv1.demo-device-client"
    static let person = EmbeddedBackend.DeviceAuthorizationUser(
        sub: "583231", email: "octocat@example.com", name: "The Octocat")

    func run(in context: DemoContext) async throws(DemoFailure) -> String {
        let narrator = context.narrator
        let backend = context.backend
        narrator.say(
            localized(
                "No browser needed here: authflow asks GitHub (the backend's stand-in of its device endpoints) for a "
                    + "code\nand polls until someone approves it on any other device:"))
        let known = Set(backend.deviceAuthorizations.map(\.userCode))
        let run = try context.start([
            "oauth", "sign-in", "--provider", "github.com", "--device", "--device-endpoint-base", backend.baseURL,
            "--github-device-client-id", Self.clientID,
        ])
        do throws(DemoFailure) {
            let deadline = ContinuousClock.now + .seconds(60)
            var started: EmbeddedBackend.DeviceAuthorization?
            while started == nil, ContinuousClock.now < deadline, !run.hasEnded {
                started = backend.deviceAuthorizations.last { !known.contains($0.userCode) }
                if started == nil { try? await Task.sleep(for: .milliseconds(50)) }
                if Task.isCancelled { throw DemoFailure.interrupted }
            }
            guard let authorization = started else {
                if run.hasEnded { try await run.finish() } // it ended: its own status says why
                throw .backend(localized("`authflow oauth sign-in --device` started no device authorization."))
            }
            narrator.say(
                localized(
                    "The tour plays you at GitHub's page on another device: it enters \(authorization.userCode) and "
                        + "approves\nas \(Self.person.email ?? "") (through the backend, as "
                        + "POST /emulator/v1/projects/\(backend.projectID)/deviceAuthorizations does):"))
            backend.decideDeviceAuthorization(userCode: authorization.userCode, .approve(Self.person))
            try await run.finish()
        } catch {
            await run.stop()
            throw error
        }
        try await context.run(["whoami"])
        return localized(
            "signed in with GitHub as \(Self.person.email ?? "") through the device flow, approved on another device")
    }
}
