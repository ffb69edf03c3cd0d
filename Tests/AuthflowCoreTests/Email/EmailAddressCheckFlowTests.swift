import AuthflowCore
import AuthflowIdentityToolkit
import AuthflowTestSupport
import Testing

/// Every library entry that takes an email address refuses one that is no address, with a structured error,
/// before it sends or saves anything; the address typed when the completion asks is checked the same way.
@Suite("Email addresses are checked by the flows themselves")
struct EmailAddressCheckFlowTests {
    @Test("EmailLinkSender refuses 'a b@c.com', sends nothing and remembers nothing")
    func senderRefuses() async throws {
        let fixture = try EmailLinkFixture()
        do {
            _ = try await EmailLinkSender(fixture.flowEnvironment)
                .send(to: "a b@c.com", settings: ActionCodeSettings(continueUrl: fixture.continueURL))
            Issue.record("sent to a malformed address")
        } catch {
            guard case .invalidEmail(let invalid) = error else { throw Unexpected("got \(error)") }
            #expect(invalid.problem == .whitespaceOrControl)
            #expect(invalid.address == "a b@c.com")
        }
        #expect(fixture.backend.oobCodes.isEmpty)
        #expect(try fixture.pending.load() == nil)
    }

    @Test("PasswordSignIn refuses 'a@' before asking the server")
    func passwordSignInRefuses() async throws {
        let fixture = try EmailLinkFixture()
        do {
            _ = try await PasswordSignIn(fixture.flowEnvironment).signIn(email: "a@", password: "secret123")
            Issue.record("signed in with a malformed address")
        } catch {
            guard case .invalidEmail(let invalid) = error else { throw Unexpected("got \(error)") }
            #expect(invalid.problem == .badDomain)
        }
        #expect(try fixture.sessions.load() == nil)
    }

    @Test("SignInMethodLookup refuses '@b'")
    func lookupRefuses() async throws {
        let fixture = try EmailLinkFixture()
        do {
            _ = try await SignInMethodLookup(client: fixture.client).methods(for: "@b")
            Issue.record("looked up a malformed address")
        } catch {
            guard case .invalidEmail(let invalid) = error else { throw Unexpected("got \(error)") }
            #expect(invalid.problem == .emptyLocalPart)
        }
    }

    @Test("Completing with a given address that is no address is refused; the link stays unused")
    func completionRefusesAGivenAddress() async throws {
        let fixture = try EmailLinkFixture()
        let link = try await fixture.sendLink(to: "ada@example.com")
        do {
            _ = try await fixture.completion().complete(.link(link), email: "ada")
            Issue.record("completed with a malformed address")
        } catch {
            guard case .invalidEmail(let invalid) = error else { throw Unexpected("got \(error)") }
            #expect(invalid.problem == .missingAt)
        }
        #expect(fixture.isUnused(link))
    }

    @Test("An address typed at the prompt is checked too: refused, not asked again, the link unused")
    func completionRefusesATypedAddress() async throws {
        let fixture = try EmailLinkFixture()
        let link = try await fixture.sendLink(to: "ada@example.com")
        try fixture.pending.remove()
        let asked = Recorder<String>()
        do {
            _ = try await fixture.completion(askForEmail: { _ in
                asked.append("asked")
                return "ada@example..com"
            }).complete(.link(link))
            Issue.record("completed with a malformed typed address")
        } catch {
            guard case .invalidEmail(let invalid) = error else { throw Unexpected("got \(error)") }
            #expect(invalid.problem == .badDomain)
        }
        #expect(asked.values.count == 1)
        #expect(fixture.isUnused(link))
        // A well-formed typed address still completes the link.
        let completed = try await fixture.completion(askForEmail: { _ in " ada@example.com " }).complete(.link(link))
        #expect(completed.email == "ada@example.com")
    }
}
