import AuthflowCore
import AuthflowIdentityToolkit
import AuthflowTestSupport
import Foundation
import Testing

/// `--link` adds email-link sign-in to the signed-in user; `--reauth` proves that user is still there.
@Suite("Email link: linking and re-authentication")
struct EmailLinkLinkAndReauthTests {
    @Test("Linking adds the email to the signed-in (anonymous) user, keeping the uid")
    func linkToSignedInUser() async throws {
        let fixture = try EmailLinkFixture()
        let before = try await fixture.signIn(SignUpRequest())
        #expect(before.email == nil)
        let link = try await fixture.sendLink(to: "carol@example.com")

        let completed = try await fixture.completion().complete(.link(link), purpose: .link)

        let session = try signedInSession(completed.result)
        #expect(session.uid == before.uid)
        #expect(session.email == "carol@example.com")
        #expect(try fixture.sessions.load() == session)
        let account = try #require(fixture.backend.accounts.first { $0.localID == before.uid })
        #expect(account.email == "carol@example.com")
        let methods = try await SignInMethodLookup(client: fixture.client).methods(for: "carol@example.com")
        #expect(methods.methods == ["emailLink"])
    }

    @Test("Linking with nobody signed in refuses before spending the link")
    func linkNeedsASession() async throws {
        let fixture = try EmailLinkFixture()
        let link = try await fixture.sendLink(to: "carol@example.com")

        await #expect {
            _ = try await fixture.completion().complete(.link(link), purpose: .link)
        } throws: { error in
            guard case EmailLinkError.session(.notSignedIn) = error else { return false }
            return true
        }
        #expect(fixture.isUnused(link))
        #expect(try fixture.pending.load()?.email == "carol@example.com")
    }

    @Test("Re-authenticating with the user's own link refreshes the session of the same user")
    func reauthenticate() async throws {
        let fixture = try EmailLinkFixture()
        let before = try await fixture.signIn(
            SignUpRequest(email: "ada@example.com", password: "correct horse battery"))
        let link = try await fixture.sendLink(to: "ada@example.com")

        let completed = try await fixture.completion().complete(.link(link), purpose: .reauthenticate)

        let session = try signedInSession(completed.result)
        #expect(session.uid == before.uid)
        #expect(session.tokens.idToken != before.tokens.idToken)
        #expect(try fixture.sessions.load() == session)
        #expect(try fixture.pending.load() == nil)
    }

    @Test("Re-authenticating with another user's link is refused and the stored session stays")
    func reauthenticateAsSomeoneElse() async throws {
        let fixture = try EmailLinkFixture()
        let before = try await fixture.signIn(
            SignUpRequest(email: "ada@example.com", password: "correct horse battery"))
        let link = try await fixture.sendLink(to: "mallory@example.com")

        await #expect {
            _ = try await fixture.completion().complete(.link(link), purpose: .reauthenticate)
        } throws: { error in
            guard case EmailLinkError.signIn(.userMismatch(let expected, _, let email)) = error else { return false }
            return expected == before.uid && email == "mallory@example.com"
                && "\(error)".contains("stored session is unchanged")
        }
        #expect(try fixture.sessions.load() == before)
    }
}
