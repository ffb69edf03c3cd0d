import AuthflowBackend
import AuthflowCore
import AuthflowIdentityToolkit
import AuthflowListener
import AuthflowStorage
import AuthflowTestSupport
import Foundation
import Synchronization
import Testing

/// `SecondFactorSignIn` against the embedded backend over HTTP, with a front end that has no terminal.
@Suite("Resolving an SMS second factor")
struct SecondFactorSignInTests {
    final class Fixture: Sendable {
        let backend: EmbeddedBackend
        let directory: TemporaryDirectory

        init() throws {
            backend = try EmbeddedBackend(configuration: .init(port: 0))
            directory = try TemporaryDirectory()
        }

        deinit { backend.stop() }

        var client: IdentityToolkitClient { SignedInBackend.client(for: backend) }
        var project: SessionProject { SessionProject(projectID: backend.projectID, emulatorHost: backend.hostAndPort) }
        var projectDirectory: ProjectStateDirectory {
            ProjectStateDirectory(
                root: StateDirectory(path: directory.file("state")), projectID: backend.projectID,
                emulatorHost: backend.hostAndPort)
        }
        var configuration: ProjectConfiguration {
            ProjectConfiguration(values: [
                .apiKey: ConfiguredValue(value: "fake-api-key", source: .flag("test")),
                .projectID: ConfiguredValue(value: backend.projectID, source: .flag("test")),
                .emulatorHost: ConfiguredValue(value: backend.hostAndPort, source: .flag("test")),
            ])
        }
        var flow: SecondFactorSignIn {
            SecondFactorSignIn(
                FlowEnvironment(
                    client: client, configuration: configuration, project: project, directory: projectDirectory))
        }

        /// Signs `email` in with its password and returns the challenge.
        func challenge(_ email: String) async throws -> SecondFactorChallenge {
            let result = try await PasswordSignIn(
                FlowEnvironment(
                    client: client, configuration: configuration, project: project, directory: projectDirectory)
            ).signIn(email: email, password: "correct horse battery")
            guard case .secondFactorRequired(let challenge) = result else {
                throw Unexpected("no challenge: \(result)")
            }
            return challenge
        }

        func code() -> String? { backend.verificationCodes.last?.code }
    }

    /// A front end with no terminal: it notes what it is told and offers no code source of its own.
    final class Quiet: PhoneSignInInteraction {
        let notes = Mutex<[String]>([])
        func note(_ message: String) { notes.withLock { $0.append(message) } }
        func present<Answer: Sendable>(_ page: BrowserPage, listener: RedirectListener<Answer>) async {}
        func waitForAnswer<Answer: Sendable>(
            from listener: RedirectListener<Answer>
        ) async throws(PhoneSignInError) -> Answer { throw .interrupted }
        func codeSources(for sent: SentSMSCode) -> [PhoneCodeSource] { [] }
    }

    @Test("The challenge is saved; resolving texts the factor, stores the session with it and forgets the challenge")
    func resolves() async throws {
        let fixture = try Fixture()
        let id = try await SecondFactorAccount.create(on: fixture.backend, email: "ada@example.com")
        let saved = try fixture.flow.save(try await fixture.challenge("ada@example.com"))
        #expect(try fixture.flow.pending() == saved)

        let noCode = await #expect(throws: SecondFactorError.self) {
            try await fixture.flow.resolve(saved, factor: saved.factors[0], options: .init(), interaction: Quiet())
        }
        guard case .codeNeeded(let sent)? = noCode else { throw Unexpected("got \(String(describing: noCode))") }
        #expect(sent.recipient == "+*******0199")
        #expect(sent.flow == .secondFactorSignIn(factorID: saved.factors[0].id)) // Its command: ErrorWordingTests.
        let withSMS = try fixture.flow.pending()
        #expect(withSMS.sent?.enrollmentID == id)

        let code: String = try #require(fixture.code())
        let done = try await fixture.flow.resolve(
            withSMS, factor: withSMS.factors[0], options: .init(code: code), interaction: Quiet())
        #expect(done.reusedCode)
        #expect(done.session.secondFactorID == id)
        #expect(done.session.email == "ada@example.com")
        #expect(try SessionStore(directory: fixture.projectDirectory).load() == done.session)
        #expect(throws: SecondFactorError.self) { try fixture.flow.pending() }
        #expect(fixture.backend.verificationCodes.isEmpty, "one SMS, used")
    }

    @Test("An expired SMS is dropped but the challenge kept; a rejected credential forgets the challenge")
    func serverRefusals() async throws {
        let fixture = try Fixture()
        try await SecondFactorAccount.create(on: fixture.backend, email: "bob@example.com")
        let saved = try fixture.flow.save(try await fixture.challenge("bob@example.com"))
        fixture.backend.setFault(
            .status(400, body: #"{"error":{"code":400,"message":"SESSION_EXPIRED"}}"#),
            for: "accounts/mfaSignIn:finalize", times: 1)

        let expired = await #expect(throws: SecondFactorError.self) {
            try await fixture.flow.resolve(
                saved, factor: saved.factors[0], options: .init(code: "123456"), interaction: Quiet())
        }
        guard case .codeExpired(_, let restart)? = expired else {
            throw Unexpected("got \(String(describing: expired))")
        }
        #expect(restart == .secondFactorSignIn(factorID: saved.factors[0].id)) // Its command: ErrorWordingTests.
        #expect(try fixture.flow.pending().sent == nil)

        fixture.backend.setFault(
            .status(400, body: #"{"error":{"code":400,"message":"INVALID_MFA_PENDING_CREDENTIAL"}}"#),
            for: "accounts/mfaSignIn:start", times: 1)
        let rejected = await #expect(throws: SecondFactorError.self) {
            try await fixture.flow.resolve(
                saved, factor: saved.factors[0], options: .init(code: "1"), interaction: Quiet())
        }
        guard case .challengeRejected? = rejected else { throw Unexpected("got \(String(describing: rejected))") }
        #expect(throws: SecondFactorError.self) { try fixture.flow.pending() }
    }

    @Test(
        "A challenge without a pending credential cannot be saved, nor one with only unknown kinds of factor; a TOTP one can"
    )
    func unresolvable() async throws {
        let fixture = try Fixture()
        let hintsOnly = SecondFactorChallenge(
            pendingCredential: nil, hints: [MFAEnrollmentHint.phone], firstFactor: "password", email: nil,
            purpose: .signIn,
            project: fixture.project)
        #expect(throws: SecondFactorError.self) { try fixture.flow.save(hintsOnly) }

        let unknown = SecondFactorChallenge(
            pendingCredential: "cred", hints: [MFAEnrollment(mfaEnrollmentId: "u")], firstFactor: "password",
            email: nil, purpose: .signIn, project: fixture.project)
        let refused = #expect(throws: SecondFactorError.self) { try fixture.flow.save(unknown) }
        #expect("\(String(describing: refused))".contains("none of the account's second factors is an SMS or TOTP one"))

        let totp = SecondFactorChallenge(
            pendingCredential: "cred", hints: [MFAEnrollment(mfaEnrollmentId: "t", hasTOTPInfo: true)],
            firstFactor: "password",
            email: nil, purpose: .signIn, project: fixture.project)
        let saved = try fixture.flow.save(totp)
        #expect(saved.usableFactors.map(\.factorKind) == [.totp])
    }
}
