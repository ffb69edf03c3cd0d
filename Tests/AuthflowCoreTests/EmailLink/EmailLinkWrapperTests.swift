import AuthflowCore
import AuthflowTestSupport
import Foundation
import Testing

/// Send, take the link from the backend's oobCodes endpoint, hand it over however it arrives, sign in.
@Suite("Email-link completion from every form the link arrives in")
struct EmailLinkWrapperTests {
    @Test("The bare emulator link signs in with the pending address, stores the session and forgets the address")
    func bareLink() async throws {
        let fixture = try EmailLinkFixture()
        let link = try await fixture.sendLink(to: "Ada@Example.com")
        #expect(try fixture.pending.load()?.email == "ada@example.com", "the address the server confirmed")

        let completed = try await fixture.completion().complete(.link(link))

        let session = try signedInSession(completed.result)
        #expect(session.email == "ada@example.com")
        #expect(completed.emailSource == .pending)
        #expect(completed.action.continueURL == fixture.continueURL)
        #expect(try fixture.sessions.load() == session)
        #expect(try fixture.pending.load() == nil)
        #expect(!fixture.isUnused(link), "the code was spent")
        #expect(fixture.backend.accounts.first { $0.localID == session.uid }?.emailVerified == true)
    }

    @Test("Each wrapper is peeled before completing", arguments: LinkWrapper.allCases)
    func wrapped(_ wrapper: LinkWrapper) async throws {
        let fixture = try EmailLinkFixture()
        let link = try await fixture.sendLink(to: "ada@example.com")

        let completed = try await fixture.completion().complete(.link(wrapper.wrap(link)))

        #expect(try signedInSession(completed.result).email == "ada@example.com")
        #expect(completed.action.link == link, "the innermost link is the emulator's, exactly")
        #expect(!completed.inspection.layers.isEmpty, "\(wrapper) shows up as a layer")
    }

    @Test("Two wrappers inside each other (Safe Links around a Dynamic Link around /__/auth/links)")
    func doubleWrapped() async throws {
        let fixture = try EmailLinkFixture()
        let link = try await fixture.sendLink(to: "ada@example.com")
        let wrapped = LinkWrapper.safeLinks.wrap(LinkWrapper.dynamicLink.wrap(LinkWrapper.hostingLinks.wrap(link)))

        let completed = try await fixture.completion().complete(.link(wrapped))

        #expect(try signedInSession(completed.result).email == "ada@example.com")
        #expect(completed.inspection.layers.count >= 3)
    }

    @Test("From a saved web-mail page, the sign-in link is picked among the others")
    func htmlPage() async throws {
        let fixture = try EmailLinkFixture()
        let link = try await fixture.sendLink(to: "ada@example.com")
        let page = EmailDocument.html(containing: LinkWrapper.googleRedirect.wrap(link))

        let completed = try await fixture.completion().complete(.html(Array(page.utf8)))

        #expect(try signedInSession(completed.result).email == "ada@example.com")
    }

    @Test("From a raw .eml (quoted-printable, folded lines), with a Proofpoint-wrapped link")
    func emlMessage() async throws {
        let fixture = try EmailLinkFixture()
        let link = try await fixture.sendLink(to: "ada@example.com")
        let message = EmailDocument.eml(containing: LinkWrapper.proofpointV3.wrap(link))
        #expect(!message.contains(link), "the link is only in there encoded")

        let completed = try await fixture.completion().complete(.eml(Array(message.utf8)))

        #expect(try signedInSession(completed.result).email == "ada@example.com")
    }

    @Test("From the continue URL the emulator's /emulator/action redirects to (303), link parameters appended")
    func continueURLRedirect() async throws {
        let fixture = try EmailLinkFixture()
        let link = try await fixture.sendLink(to: "ada@example.com")
        let landing = try await EmulatorEmailLinks.continueURL(afterOpening: link)
        #expect(landing.hasPrefix("https://app.example.com/finish?cart=42&mode=signIn"), "\(landing)")
        #expect(fixture.isUnused(link), "opening the link does not spend the code")

        let completed = try await fixture.completion().complete(.link(landing))

        #expect(try signedInSession(completed.result).email == "ada@example.com")
        #expect(completed.action.continueURL == nil, "the landing page has no continueUrl of its own")
    }
}
