import AuthflowBackend
import AuthflowCore
import AuthflowIdentityToolkit
import AuthflowTestSupport
import Foundation
import Testing

/// `email methods`, `email sign-in` and `email verify` against the embedded backend.
@Suite("Email accounts: sign-in methods, password sign-in, verification email")
struct EmailAccountTests {
    @Test("Methods: password, then emailLink once the address signed in with a link; none for a stranger")
    func methods() async throws {
        let fixture = try EmailLinkFixture()
        _ = try await fixture.client.send(SignUpRequest(email: "ada@example.com", password: "correct horse battery"))
        let lookup = SignInMethodLookup(client: fixture.client)

        #expect(try await lookup.methods(for: " ada@example.com ").methods == ["password"])
        let link = try await fixture.sendLink(to: "ada@example.com")
        _ = try await fixture.completion().complete(.link(link))
        let both = try await lookup.methods(for: "ada@example.com")
        #expect(both.methods == ["password", "emailLink"])
        #expect(both.registered == true)
        let stranger = try await lookup.methods(for: "nobody@example.com")
        #expect(stranger.registered == false)
        #expect(stranger.methods == [])
        #expect(!stranger.isWithheld)
    }

    @Test("Methods are withheld under email enumeration protection, which is not 'no account'")
    func withheld() async throws {
        let backend = try EmbeddedBackend(configuration: .init(port: 0, emailEnumerationProtection: true))
        defer { backend.stop() }
        let methods = try await SignInMethodLookup(client: SignedInBackend.client(for: backend)).methods(
            for: "ada@example.com")
        #expect(methods.isWithheld)
        #expect(methods.methods == nil)
    }

    @Test("Password sign-in stores the session; a wrong password stores nothing")
    func passwordSignIn() async throws {
        let fixture = try EmailLinkFixture()
        _ = try await fixture.client.send(SignUpRequest(email: "ada@example.com", password: "correct horse battery"))
        let signIn = PasswordSignIn(fixture.flowEnvironment)

        await #expect {
            _ = try await signIn.signIn(email: "ada@example.com", password: "wrong")
        } throws: { error in
            guard case SignInError.service(.server(let server)) = error else { return false }
            return server.code == .invalidPassword || server.code == .invalidLoginCredentials
        }
        #expect(try fixture.sessions.load() == nil)

        let session = try signedInSession(
            try await signIn.signIn(email: "ada@example.com", password: "correct horse battery"))
        #expect(session.email == "ada@example.com")
        #expect(session.signInProvider == "password")
        #expect(try fixture.sessions.load() == session)
    }

    @Test("Password sign-in of an account with a second factor returns the challenge and stores nothing")
    func passwordSignInWithSecondFactor() async throws {
        let fixture = try EmailLinkFixture()
        try await SecondFactorAccount.create(on: fixture.backend, email: "ada@example.com")
        let result = try await PasswordSignIn(fixture.flowEnvironment)
            .signIn(email: "ada@example.com", password: "correct horse battery")
        guard case .secondFactorRequired(let challenge) = result else { throw Unexpected("got \(result)") }
        #expect(challenge.firstFactor == "password")
        #expect(challenge.hints.count == 1)
        #expect(try fixture.sessions.load() == nil)
    }

    @Test("The verification email goes to the signed-in user, and opening it verifies the address")
    func verificationEmail() async throws {
        let fixture = try await SignedInBackend()
        let address = try await AccountService(fixture.flowEnvironment).sendVerificationEmail(
            continueURL: "https://app.example.com/verified")

        #expect(address == "ada@example.com")
        let link = try await EmulatorEmailLinks.latest(
            fixture.backend, email: "ada@example.com", requestType: "VERIFY_EMAIL")
        #expect(link.contains("continueUrl=https%3A%2F%2Fapp.example.com%2Fverified"))
        #expect(try await EmulatorEmailLinks.continueURL(afterOpening: link) == "https://app.example.com/verified")
        #expect(fixture.backend.accounts.first?.emailVerified == true)
    }
}
