import AuthflowBackend
import AuthflowCore
import AuthflowIdentityToolkit
import AuthflowParsing
import AuthflowTestSupport
import Foundation
import Testing

/// Each way a link can fail: a clear error, and nothing lost (the link unused when it was not the server
/// that refused, the pending address kept, the stored session untouched).
@Suite("Email link: every error the issue lists")
struct EmailLinkErrorTests {
    @Test("A used link: INVALID_OOB_CODE, as linkUnusable")
    func usedLink() async throws {
        let fixture = try EmailLinkFixture()
        let link = try await fixture.sendLink(to: "ada@example.com")
        _ = try await fixture.completion().complete(.link(link))
        let stored = try fixture.sessions.load()

        let error = try await completionError(fixture, .link(link), email: "ada@example.com")

        guard case .linkUnusable(let server) = error else { throw Unexpected("got \(error)") }
        #expect(server.code == .invalidOobCode)
        #expect(error.description.contains("already been used"))
        #expect(try fixture.sessions.load() == stored)
    }

    @Test("An expired link: EXPIRED_OOB_CODE; the pending address is kept")
    func expiredLink() async throws {
        let fixture = try EmailLinkFixture()
        let link = try await fixture.sendLink(to: "ada@example.com")
        fixture.backend.setFault(
            .status(400, body: #"{"error":{"code":400,"message":"EXPIRED_OOB_CODE","status":"INVALID_ARGUMENT"}}"#),
            for: "accounts:signInWithEmailLink")

        let error = try await completionError(fixture, .link(link))

        guard case .linkUnusable(let server) = error else { throw Unexpected("got \(error)") }
        #expect(server.code == .expiredOobCode)
        #expect(error.description.contains("expired"))
        #expect(try fixture.pending.load()?.email == "ada@example.com")
        #expect(try fixture.sessions.load() == nil)
    }

    @Test("The wrong address: refused by the server, pending kept, and the right one still works")
    func wrongEmail() async throws {
        let fixture = try EmailLinkFixture()
        let link = try await fixture.sendLink(to: "ada@example.com")

        let error = try await completionError(fixture, .link(link), email: "bob@example.com")

        guard case .wrongEmail(let email, let server) = error else { throw Unexpected("got \(error)") }
        #expect(email == "bob@example.com")
        #expect(server.code == .invalidEmail)
        #expect(error.description.contains("not sent to bob@example.com"))
        #expect(fixture.isUnused(link), "a mismatch does not spend the code")
        #expect(try fixture.pending.load()?.email == "ada@example.com")

        let completed = try await fixture.completion().complete(.link(link))
        #expect(try signedInSession(completed.result).email == "ada@example.com")
    }

    @Test("Another project's link (a real API key against the emulator) is refused, naming its key and host")
    func otherProjectsLink() async throws {
        let fixture = try EmailLinkFixture()
        let link = try await fixture.sendLink(to: "ada@example.com")
        let code = try #require(ActionCodeURL(link)?.oobCode)
        let foreign =
            "https://other-project.firebaseapp.com/__/auth/action?apiKey=AIzaSyOtherProjectKey0000000000000"
            + "&mode=signIn&oobCode=\(code)&lang=en"

        let error = try await completionError(fixture, .link(LinkWrapper.safeLinks.wrap(foreign)))

        guard case .otherProject(let other) = error else { throw Unexpected("got \(error)") }
        #expect(other.reason == .notFromThisEmulator)
        #expect(error.description.contains("other-project.firebaseapp.com"))
        #expect(error.description.contains("AIzaSy…0000"), "the key, masked")
        #expect(error.description.contains("demo-authflow"))
        #expect(fixture.isUnused(link))
        #expect(try fixture.pending.load() != nil)
    }

    @Test("Another tenant's link is refused before anything is sent")
    func otherTenantsLink() async throws {
        let fixture = try EmailLinkFixture()
        let link = try await fixture.sendLink(to: "ada@example.com")

        let error = try await completionError(fixture, .link(link + "&tenantId=tenant-b"))

        guard case .otherTenant(let linkTenant, let configured) = error else { throw Unexpected("got \(error)") }
        #expect(linkTenant == "tenant-b")
        #expect(configured == nil)
        #expect(error.description.contains("the tenant ID tenant-b")) // The CLI's flag: ErrorWordingTests.
        #expect(fixture.isUnused(link))
    }

    @Test("A password-reset link says what it is and that it is not for sign-in; a verification link too")
    func otherKindsOfLink() async throws {
        let fixture = try EmailLinkFixture()
        let session = try await fixture.signIn(
            SignUpRequest(email: "ada@example.com", password: "correct horse battery"))
        _ = try await fixture.client.send(SendOobCodeRequest(kind: .passwordReset(email: "ada@example.com")))
        _ = try await fixture.client.send(SendOobCodeRequest(kind: .verifyEmail(idToken: session.tokens.idToken)))
        let reset = try await EmulatorEmailLinks.latest(
            fixture.backend, email: "ada@example.com", requestType: "PASSWORD_RESET")
        let verify = try await EmulatorEmailLinks.latest(
            fixture.backend, email: "ada@example.com", requestType: "VERIFY_EMAIL")

        let resetError = try await completionError(
            fixture, .link(LinkWrapper.googleRedirect.wrap(reset)), email: "ada@example.com")
        let verifyError = try await completionError(fixture, .link(verify), email: "ada@example.com")

        guard case .notASignInLink(.resetPassword) = resetError, case .notASignInLink(.verifyEmail) = verifyError else {
            throw Unexpected("got \(resetError), \(verifyError)")
        }
        #expect(resetError.description.contains("password-reset link"))
        #expect(resetError.description.contains("not a sign-in link"))
        #expect(verifyError.description.contains("email-verification link"))
        #expect(fixture.isUnused(reset) && fixture.isUnused(verify))
    }

    @Test("Offline (connection refused): a network error; the pending address is kept")
    func offline() async throws {
        let fixture = try EmailLinkFixture()
        let link = try await fixture.sendLink(to: "ada@example.com")
        let closed = try ClosedPort()
        let unreachable = SessionProject(projectID: fixture.backend.projectID, emulatorHost: "127.0.0.1:\(closed.port)")
        let directory = ProjectStateDirectory(
            root: fixture.stateRoot, projectID: unreachable.projectID, emulatorHost: unreachable.emulatorHost)
        try PendingEmailLinkStore(directory: directory).save(
            PendingEmailLink(
                email: "ada@example.com", continueURL: fixture.continueURL, apiKey: "fake-api-key", project: unreachable
            ))
        let client = IdentityToolkitClient(
            configuration: IdentityToolkitConfiguration(
                apiKey: "fake-api-key", server: .emulator(hostAndPort: "127.0.0.1:\(closed.port)"),
                authflowVersion: "test",
                retry: .none))
        let completion = EmailLinkCompletion(
            FlowEnvironment(
                client: client, configuration: ProjectConfiguration(values: [:]), project: unreachable,
                directory: directory),
            inspector: LinkInspector(resolver: nil))

        await #expect {
            _ = try await completion.complete(.link(link))
        } throws: { error in
            guard case EmailLinkError.signIn(.service(.network(let underlying))) = error else { return false }
            return underlying == .connectionRefused(host: "127.0.0.1")
        }
        #expect(try PendingEmailLinkStore(directory: directory).load()?.email == "ada@example.com")
        #expect(fixture.isUnused(link))
    }

    @Test("No pending address and nobody to ask: emailNeeded; an answer to the question completes it")
    func noPendingEmail() async throws {
        let fixture = try EmailLinkFixture()
        let link = try await fixture.sendLink(to: "ada@example.com")
        try fixture.pending.remove()

        let error = try await completionError(fixture, .link(link))
        guard case .emailNeeded = error else { throw Unexpected("got \(error)") }
        #expect(error.description.contains("Give the address")) // The CLI's flag: ErrorWordingTests.

        let silent = fixture.completion { _ in nil }
        await #expect(throws: EmailLinkError.self) { _ = try await silent.complete(.link(link)) }
        #expect(fixture.isUnused(link))

        let asked = Recorder<String>()
        let completed = try await fixture.completion { explanation in
            asked.append(explanation)
            return "  ada@example.com\n"
        }.complete(.link(link))
        #expect(completed.emailSource == .asked)
        #expect(asked.values == [EmailLinkCompletion.emailExplanation])
        #expect(try signedInSession(completed.result).email == "ada@example.com")
    }

    @Test("A second factor is required: the challenge carries the pending credential and hints; nothing stored")
    func secondFactorRequired() async throws {
        let fixture = try EmailLinkFixture()
        let enrollment = try await SecondFactorAccount.create(on: fixture.backend, email: "ada@example.com")
        let link = try await fixture.sendLink(to: "ada@example.com")

        let completed = try await fixture.completion().complete(.link(link))

        guard case .secondFactorRequired(let challenge) = completed.result else {
            throw Unexpected("got \(completed.result)")
        }
        #expect(challenge.pendingCredential?.isEmpty == false)
        #expect(challenge.hints.map(\.mfaEnrollmentId) == [enrollment])
        #expect(challenge.factors.first?.phoneNumber == "+*******0199")
        #expect(challenge.factors.first?.displayName == "work phone")
        #expect(challenge.firstFactor == "emailLink")
        #expect(challenge.purpose == .signIn)
        #expect(challenge.canBeResolved)
        #expect(!challenge.description.contains(challenge.pendingCredential ?? "-"))
        #expect(try fixture.sessions.load() == nil)
    }

    @Test("Not a link at all, a callback, nothing in the document: each refused before any request")
    func notEmailLinks() async throws {
        let fixture = try EmailLinkFixture()
        let cases: [(EmailLinkSource, String)] = [
            (.link("not a link"), "is not a URL"),
            (.link("https://www.example.com/welcome"), "not a Firebase email sign-in link"),
            (
                .link(
                    "app://firebaseauth/link?deep_link_id=https%3A%2F%2Fx.firebaseapp.com%2F__%2Fauth%2Fcallback%3FauthType%3DverifyApp%26recaptchaToken%3Dt%26eventId%3De"
                ),
                "callback"
            ),
            (.html(Array(EmailDocument.html(containing: "https://www.example.com/").utf8)), "None of the"),
            (.eml(Array("this is not an email".utf8)), "is not an email"),
        ]
        for (source, expected) in cases {
            let error = try await completionError(fixture, source, email: "ada@example.com")
            #expect(error.description.contains(expected), "\(error)")
        }
        #expect(fixture.backend.oobCodes.isEmpty && fixture.backend.accounts.isEmpty)
    }

    private func completionError(
        _ fixture: EmailLinkFixture, _ source: EmailLinkSource, email: String? = nil
    ) async throws -> EmailLinkError {
        do {
            let completed = try await fixture.completion().complete(source, email: email)
            throw Unexpected("expected a failure, got \(completed.result)")
        } catch let error as EmailLinkError {
            return error
        }
    }
}
