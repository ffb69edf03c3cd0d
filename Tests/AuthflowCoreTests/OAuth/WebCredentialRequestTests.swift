import AuthflowIdentityToolkit
import AuthflowPrimitives
import Testing

@testable import AuthflowCore

/// The credential the web route's page posts (the JS SDK's `OAuthCredential.toJSON()`) becomes the
/// `signInWithIdp` request the SDK's own `linkWithCredential` would send: the pending token when there is one,
/// else the provider's tokens and nonce in `postBody`, with the signed-in user's ID token to link to.
@Suite("Web route: the posted credential as a signInWithIdp request")
struct WebCredentialRequestTests {
    static func credential(_ text: String) throws -> PendingOAuthCredential? {
        PendingOAuthCredential(webCredential: try JSONParser.parse(text), providerID: "github.com", email: nil)
    }

    @Test("Tokens and nonce go in postBody; the ID token to link to beside them")
    func tokens() throws {
        let credential = try #require(
            try Self.credential(
                #"{"idToken":"pid","accessToken":"pat","nonce":"n1","pendingToken":null,"#
                    + #""providerId":"apple.com","signInMethod":"apple.com"}"#))

        let request = credential.request(linkingTo: "user-id-token", autoCreate: true)

        #expect(credential.providerID == "apple.com")
        let body = QueryParameters(query: (request.postBody ?? "")[...], plusAsSpace: true)
        #expect(body.value("providerId") == "apple.com")
        #expect(body.value("id_token") == "pid")
        #expect(body.value("access_token") == "pat")
        #expect(body.value("nonce") == "n1")
        #expect(request.idToken == "user-id-token")
        #expect(request.pendingToken == nil)
        #expect(request.requestUri == "http://localhost")
    }

    @Test("A pending token is sent as pendingToken, and then no nonce (as the SDK drops it)")
    func pendingToken() throws {
        let credential = try #require(
            try Self.credential(
                #"{"pendingToken":"pt","nonce":"n1","providerId":"saml.acme","signInMethod":"saml.acme"}"#))

        let request = credential.request(linkingTo: nil, autoCreate: false)

        #expect(request.pendingToken == "pt")
        #expect(!(request.postBody ?? "").contains("nonce"))
        #expect(request.autoCreate == false)
    }

    @Test("A credential with nothing to sign in with is not kept")
    func empty() throws {
        #expect(try Self.credential(#"{"providerId":"github.com","signInMethod":"github.com"}"#) == nil)
        #expect(try Self.credential(#"{"idToken":"","accessToken":""}"#) == nil)
    }
}
