import AuthflowIdentityToolkit
import AuthflowListener
import AuthflowParsing
import AuthflowPrimitives
import Testing

@testable import AuthflowCore

/// The pairing production checks: the `signInWithIdp` request built for a hosted-handler answer carries the raw
/// session ID whose SHA-256 is the handler URL's `sessionId`, never the hash itself.
@Suite("OAuth hosted route: the signInWithIdp request")
struct OAuthRedirectRequestTests {
    static let scheme = CallbackScheme(clientID: "123-abc.apps.googleusercontent.com")!

    static func page(_ providerID: String) -> IdPRedirectURL {
        IdPRedirectURL(
            providerID: providerID, authDomain: "demo.firebaseapp.com", emulator: false, apiKey: "AIzaKey",
            bundleID: "com.example.app", clientVersion: "authflow/1", scheme: scheme, tenantID: nil, scopes: [],
            customParameters: [:], languageCode: nil)
    }

    @Test(
        "OAuth: sessionId is the raw value that hashes to the URL's; postBody names the provider",
        arguments: [
            "github.com", "google.com", "oidc.okta", "saml.acme",
        ])
    func oauthPairing(providerID: String) throws {
        let page = Self.page(providerID)
        let request = OAuthSignIn.redirectRequest(
            link: "https://demo.firebaseapp.com/__/auth/handler?state=s&code=c", page: page, purpose: .signIn)

        let sent = try #require(request.sessionId)
        let opened = try #require(QueryParameters(url: page.url).value("sessionId"))
        #expect(SHA256.hex(sent) == opened)
        #expect(sent != opened)
        #expect(request.postBody == "providerId=\(providerID)")
        #expect(request.autoCreate == true)
        #expect(OAuthSignIn.redirectRequest(link: "x", page: page, purpose: .reauthenticate).autoCreate == false)
    }

    @Test("Apple: the hosted credential's request pairs the same way")
    func applePairing() throws {
        let page = AppleRedirectURL(
            authDomain: "demo.firebaseapp.com", emulator: false, apiKey: "AIzaKey", bundleID: "com.example.app",
            clientVersion: "authflow/1", scheme: Self.scheme, tenantID: nil, scopes: [], customParameters: [:],
            languageCode: nil)
        let request = AppleCredential.redirect(link: "https://x/__/auth/handler?code=c", sessionID: page.sessionID)
            .request(linkingTo: nil, purpose: .signIn)

        let sent = try #require(request.sessionId)
        #expect(SHA256.hex(sent) == QueryParameters(url: page.url).value("sessionId"))
        #expect(page.providerID == "apple.com")
    }

    @Test("Provider IDs: the built-in ones, oidc./saml. with a name; anything else is refused")
    func providers() {
        #expect(OAuthProvider(id: "GitHub.com")?.id == "github.com")
        #expect(OAuthProvider(id: "oidc.okta-prod")?.family == .oidc)
        #expect(OAuthProvider(id: "saml.acme")?.family == .saml)
        #expect(OAuthProvider(id: "oidc.") == nil)
        #expect(OAuthProvider(id: "saml.a b") == nil)
        #expect(OAuthProvider(id: "myspace.com") == nil)
        #expect(OAuthRoute.standard(for: OAuthProvider(id: "apple.com")!, emulator: false) == .web)
        #expect(OAuthRoute.standard(for: OAuthProvider(id: "facebook.com")!, emulator: false) == .web)
        #expect(OAuthRoute.standard(for: OAuthProvider(id: "facebook.com")!, emulator: true) == .hosted)
        #expect(OAuthRoute.standard(for: OAuthProvider(id: "github.com")!, emulator: false) == .hosted)
    }
}
