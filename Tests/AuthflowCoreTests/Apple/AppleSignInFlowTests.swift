import AuthflowBackend
import AuthflowHTTP
import AuthflowIdentityToolkit
import AuthflowListener
import AuthflowStorage
import AuthflowTestSupport
import Foundation
import Testing

@testable import AuthflowCore

/// The Apple flow against the embedded backend over real HTTP, with a scripted interaction that "clicks" the
/// emulator widget with a plain HTTP client and hands the custom-scheme answer to the listener.
@Suite("Sign in with Apple against the backend")
struct AppleSignInFlowTests {
    static func flow(_ fixture: EmailLinkFixture, _ pairs: [ConfigurationKey: String] = [:]) -> AppleSignIn {
        var values = pairs.mapValues { ConfiguredValue(value: $0, source: .flag("test")) }
        values[.apiKey] = ConfiguredValue(value: "fake-api-key", source: .flag("--api-key"))
        values[.projectID] = ConfiguredValue(value: fixture.backend.projectID, source: .flag("--project-id"))
        values[.emulatorHost] = ConfiguredValue(value: fixture.backend.hostAndPort, source: .flag("--emulator"))
        return AppleSignIn(
            FlowEnvironment(
                client: fixture.client, configuration: ProjectConfiguration(values: values), project: fixture.project,
                directory: fixture.projectDirectory))
    }

    static let iosApp: [ConfigurationKey: String] = [
        .clientID: "123-abc.apps.googleusercontent.com", .iosBundleID: "com.example.app",
    ]
    static func claims(_ sub: String, _ email: String) -> String {
        #"{"sub":"\#(sub)","email":"\#(email)","email_verified":true}"#
    }

    /// Picks "Add new account" on the widget with `email` and `name`, then submits the redirect it is given.
    struct WidgetClicker: OAuthSignInInteraction {
        let email: String
        let name: String
        let opened = Recorder<String>()

        func note(_ message: String) {}

        func present(
            _ page: BrowserPage, provider: OAuthProvider, listener: RedirectListener<IdPRedirectAnswer>
        ) async {
            let url = page.url
            opened.append(url)
            let select = url.replacingOccurrences(of: "/emulator/auth/handler?", with: "/emulator/auth/handler/select?")
            var client = HTTPClientConfiguration(proxy: .none)
            client.redirects = .doNotFollow
            let form =
                "&new_account=1&email=\(email.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")"
                + "&display_name=\(name.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")"
            guard let answer = try? await HTTPClient(configuration: client).send(HTTPRequest(url: select + form)),
                let location = answer.location
            else { return }
            _ = listener.submit(location)
        }

        func waitForAnswer(
            from listener: RedirectListener<IdPRedirectAnswer>
        ) async throws(OAuthSignInError) -> IdPRedirectAnswer {
            do {
                return try await listener.callback(timeout: .seconds(30))
            } catch {
                throw .browser(error)
            }
        }
    }

    @Test("Hosted route: the widget's answer signs in a new account with the relay address and the name Apple sent")
    func hostedRoute() async throws {
        let fixture = try EmailLinkFixture()
        let clicker = WidgetClicker(email: "ada@privaterelay.appleid.com", name: "Ada Lovelace")

        let completed = try await Self.flow(fixture, Self.iosApp).run(
            options: .init(scopes: ["email", "name"], round: .init(rendezvous: nil)), interaction: clicker)

        let session = try signedInSession(completed.result)
        #expect(session.email == "ada@privaterelay.appleid.com")
        #expect(session.signInProvider == "apple.com")
        #expect(session.providerIDs == ["apple.com"], "the email identity is no password provider")
        #expect(completed.profile.isPrivateRelay)
        #expect(completed.profile.fullName == "Ada Lovelace")
        #expect(completed.route == "hosted")
        #expect(try fixture.sessions.load()?.uid == session.uid)
        #expect(clicker.opened.values.first?.contains("&scopes=email,name") == true)
    }

    @Test("Hosted route without the iOS app's IDs says what to configure before opening anything")
    func notConfigured() async throws {
        let fixture = try EmailLinkFixture()
        let clicker = WidgetClicker(email: "a@b.c", name: "A")

        await #expect {
            _ = try await Self.flow(fixture, [.clientID: "1-a.apps.googleusercontent.com"]).run(interaction: clicker)
        } throws: { error in
            // The CLI's wording (`--ios-bundle-id`, no `--client-id`): ErrorWordingTests.
            guard case AppleSignInError.notConfigured(let missing) = error else { return false }
            return missing == [.bundleID]
        }
        #expect(clicker.opened.values.isEmpty)
    }

    @Test("Identity token: postBody carries the token, the raw nonce and the name; the caller's name is shown")
    func identityToken() async throws {
        let fixture = try EmailLinkFixture()
        let name = IdpPostBody.PersonName(firstName: "Ada", lastName: "Lovelace")

        let completed = try await Self.flow(fixture).signIn(
            with: .identityToken(
                Self.claims("apple-7", "x7@privaterelay.appleid.com"), rawNonce: "raw&nonce=1", fullName: name))

        #expect(try signedInSession(completed.result).email == "x7@privaterelay.appleid.com")
        #expect(completed.profile.fullName == "Ada Lovelace")
        #expect(completed.profile.appleUserID == "apple-7")
        let request = AppleCredential.identityToken("T", rawNonce: "raw&nonce=1", fullName: name).request(
            linkingTo: nil, purpose: .signIn)
        #expect(request.requestUri == "http://localhost")
        #expect(
            request.postBody
                == "providerId=apple.com&id_token=T&nonce=raw%26nonce%3D1&user=%7B%22name%22%3A%7B%22firstName%22%3A%22Ada%22%2C%22lastName%22%3A%22Lovelace%22%7D%7D"
        )
        #expect(request.autoCreate == true)
        #expect(
            AppleCredential.identityToken("T", rawNonce: "n", fullName: nil).request(
                linkingTo: nil, purpose: .reauthenticate
            ).autoCreate == false)
    }

    @Test(
        "Linking an Apple ID another user owns keeps Firebase's updated credential (0600), which signs in to that user once"
    )
    func updatedCredential() async throws {
        let fixture = try EmailLinkFixture()
        let flow = Self.flow(fixture)
        let owner = try signedInSession(
            try await flow.signIn(
                with: .identityToken(
                    Self.claims("apple-9", "owner@privaterelay.appleid.com"), rawNonce: "n", fullName: nil)
            ).result)
        _ = try await fixture.signIn(SignUpRequest(email: "grace@example.com", password: "correct horse"))

        await #expect {
            _ = try await flow.signIn(
                with: .identityToken(
                    Self.claims("apple-9", "owner@privaterelay.appleid.com"), rawNonce: "n", fullName: nil),
                purpose: .link)
        } throws: { error in
            guard case AppleSignInError.alreadyLinked(let email, true, _) = error else { return false }
            return email == "owner@privaterelay.appleid.com"
        }
        let path = fixture.projectDirectory.file(UpdatedAppleCredential.fileName)
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(try fixture.sessions.load()?.email == "grace@example.com", "the refused link changed nothing")

        let signedIn = try signedInSession(try await flow.signIn(with: try flow.updatedCredential()).result)
        #expect(signedIn.uid == owner.uid)
        #expect(!FileManager.default.fileExists(atPath: path), "used once")
        #expect(throws: AppleSignInError.self) { try flow.updatedCredential() }
    }

    @Test("Re-authentication must be the signed-in user; link adds Apple to them")
    func reauthAndLink() async throws {
        let fixture = try EmailLinkFixture()
        let flow = Self.flow(fixture)
        let grace = try await fixture.signIn(SignUpRequest(email: "grace@example.com", password: "correct horse"))

        let linked = try signedInSession(
            try await flow.signIn(
                with: .identityToken(Self.claims("apple-g", "grace@example.com"), rawNonce: "n", fullName: nil),
                purpose: .link
            ).result)
        let again = try signedInSession(
            try await flow.signIn(
                with: .identityToken(Self.claims("apple-g", "grace@example.com"), rawNonce: "n", fullName: nil),
                purpose: .reauthenticate
            ).result)

        #expect(linked.uid == grace.uid && linked.providerIDs.contains("apple.com"))
        #expect(again.uid == grace.uid)
        await #expect {
            _ = try await flow.signIn(
                with: .identityToken(Self.claims("apple-other", "other@example.com"), rawNonce: "n", fullName: nil),
                purpose: .reauthenticate)
        } throws: { error in
            guard case AppleSignInError.signIn(.userMismatch) = error else { return false }
            return true
        }
    }

    @Test("Revocation sends the code as token type 3 with the user's ID token, and is what deletion waits for")
    func revocation() async throws {
        let fixture = try EmailLinkFixture()
        let session = try signedInSession(
            try await Self.flow(fixture).signIn(
                with: .identityToken(Self.claims("apple-r", "r@example.com"), rawNonce: "n", fullName: nil)
            ).result)
        let revocation = AppleTokenRevocation(fixture.flowEnvironment)

        #expect(revocation.deletionNeedsRevocation(session))
        _ = try await revocation.revoke(authorizationCode: "c0de")

        let recorded = try #require(fixture.backend.tokenRevocations.first)
        #expect(recorded.providerID == "apple.com" && recorded.tokenType == "3" && recorded.token == "c0de")
        #expect(recorded.localID == session.uid)
        #expect(!revocation.deletionNeedsRevocation(session))
        #expect(
            revocation.deletionNeedsRevocation(session, now: Date().addingTimeInterval(16 * 60)),
            "only a recent one counts")
        var other = session
        other.uid = "someone-else"
        #expect(revocation.deletionNeedsRevocation(other))
        var password = session
        password.providerIDs = ["password"]
        password.signInProvider = "password"
        #expect(!revocation.deletionNeedsRevocation(password))
    }
}
