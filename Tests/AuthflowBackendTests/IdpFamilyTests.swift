import AuthflowBackend
import AuthflowPrimitives
import Foundation
import Testing

/// `signInWithIdp` per provider family, as the official emulator answers: `oidc.` keeps the claims as
/// `rawUserInfo`; `saml.` takes the JSON stand-in for a SAML response, its `nameId` as a verified address and its
/// attribute statements as `rawUserInfo`; a verified IdP address takes over an unverified account's providers.
@Suite("signInWithIdp: OIDC, SAML and takeover of an unverified address")
struct IdpFamilyTests {
    static func form(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
    }

    @Test("oidc.: the claims are rawUserInfo and the sub is the federated ID")
    func oidc() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let claims = #"{"sub":"oidc-9","email":"o@example.com","email_verified":true,"name":"O","groups":["eng"]}"#

        let reply = try await harness.v1(
            "accounts:signInWithIdp",
            [
                "requestUri": "http://localhost", "returnSecureToken": true,
                "postBody": "providerId=oidc.okta&id_token=\(Self.form(claims))",
            ]
        ).requireOK()

        #expect(reply["providerId"] as? String == "oidc.okta")
        #expect(reply["federatedId"] as? String == "oidc-9")
        let text = try #require(reply["rawUserInfo"] as? String)
        let raw = try #require(try JSONParser.parse(text).objectValue)
        #expect(raw["groups"] == .array([.string("eng")]))
    }

    @Test("saml.: nameId is the verified email; attributeStatements are rawUserInfo")
    func saml() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let saml =
            #"{"assertion":{"subject":{"nameId":"person@saml.example.com"},"attributeStatements":{"department":["eng"]}}}"#

        let reply = try await harness.v1(
            "accounts:signInWithIdp",
            [
                "requestUri": "http://localhost", "returnSecureToken": true,
                "postBody":
                    "providerId=saml.acme&id_token=\(Self.form(#"{"sub":"saml-user-1"}"#))&SAMLResponse=\(Self.form(saml))",
            ]
        ).requireOK()

        #expect(reply["email"] as? String == "person@saml.example.com")
        #expect(reply["emailVerified"] as? Bool == true)
        #expect(reply["isNewUser"] as? Bool == true)
        #expect(reply["rawUserInfo"] as? String == #"{"department":["eng"]}"#)
    }

    @Test(
        "saml.: the ID token's firebase.sign_in_attributes are the attribute statements, as the emulator puts them; a refreshed token has none; beforeSignIn gets them as JSON text"
    )
    func samlSignInAttributes() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let functions = try await BlockingFunctionServer.started(
            on: harness, userRecords: ["beforeSignIn": ["updateMask": "displayName", "displayName": "Jane"]])
        defer { functions.stop() }
        let statements = #"{"name":"Jane Doe","mail":["jane@other.example.com"]}"#
        let saml =
            #"{"assertion":{"subject":{"nameId":"jane@saml.example.com"},"attributeStatements":"#
            + statements + "}}"

        let reply = try await harness.v1(
            "accounts:signInWithIdp",
            [
                "requestUri": "http://localhost", "returnSecureToken": true,
                "postBody":
                    "providerId=saml.acme&id_token=\(Self.form(#"{"sub":"saml-attr-1"}"#))&SAMLResponse=\(Self.form(saml))",
            ]
        ).requireOK()
        let refreshed = try await harness.post(
            "/securetoken.googleapis.com/v1/token?key=k",
            form: [("grant_type", "refresh_token"), ("refresh_token", try #require(reply["refreshToken"] as? String))]
        ).requireOK()

        let firebase = try JWTParts(try #require(reply["idToken"] as? String)).firebase
        let attributes = try #require(firebase["sign_in_attributes"] as? [String: Any])
        #expect(attributes["name"] as? String == "Jane Doe")
        #expect(attributes["mail"] as? [String] == ["jane@other.example.com"])
        #expect(firebase["sign_in_provider"] as? String == "saml.acme")
        let later = try JWTParts(try #require(refreshed["id_token"] as? String)).firebase
        #expect(later["sign_in_attributes"] == nil, "the emulator keeps them out of refreshed tokens")
        #expect(later["sign_in_provider"] as? String == "saml.acme")
        let jwt = try functions.lastJWT("beforeSignIn")
        #expect(jwt.claims["sign_in_attributes"] as? String == statements)
    }

    @Test("Without SAML attribute statements the ID token has no sign_in_attributes")
    func noSignInAttributes() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }

        let reply = try await harness.v1(
            "accounts:signInWithIdp",
            [
                "requestUri": "http://localhost", "returnSecureToken": true,
                "postBody": "providerId=oidc.okta&id_token=\(Self.form(#"{"sub":"o-2","email":"o2@example.com"}"#))",
            ]
        ).requireOK()

        let firebase = try JWTParts(try #require(reply["idToken"] as? String)).firebase
        #expect(firebase.keys.contains("sign_in_attributes") == false)
    }

    @Test(
        "saml.: a response missing its assertion parts is refused with the emulator's message",
        arguments: [
            ("{}", "INVALID_IDP_RESPONSE ((Missing assertion in SAMLResponse.))"),
            (#"{"assertion":{}}"#, "INVALID_IDP_RESPONSE ((Missing assertion.subject in SAMLResponse.))"),
            (
                #"{"assertion":{"subject":{}}}"#,
                "INVALID_IDP_RESPONSE ((Missing assertion.subject.nameId in SAMLResponse.))"
            ),
        ])
    func samlIncomplete(saml: String, message: String) async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }

        let reply = try await harness.v1(
            "accounts:signInWithIdp",
            [
                "requestUri": "http://localhost", "returnSecureToken": true,
                "postBody": "providerId=saml.x&id_token=\(Self.form(#"{"sub":"u"}"#))&SAMLResponse=\(Self.form(saml))",
            ])

        #expect(reply.status == 400)
        #expect(reply.errorMessage == message)
    }

    @Test("A verified IdP address takes over an unverified password account: password and old providers go")
    func takeover() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        _ = try await harness.signUp(email: "shared@example.com")
        let claims = #"{"sub":"gh-5","email":"shared@example.com","email_verified":true}"#

        let reply = try await harness.v1(
            "accounts:signInWithIdp",
            [
                "requestUri": "http://localhost", "returnSecureToken": true,
                "postBody": "providerId=github.com&id_token=\(Self.form(claims))",
            ]
        ).requireOK()

        #expect(reply["isNewUser"] == nil)
        let account = try #require(harness.backend.accounts.first)
        #expect(harness.backend.accounts.count == 1)
        #expect(account.providers.map(\.providerID) == ["github.com"])
        #expect(!account.hasPassword)
        #expect(account.emailVerified)
    }
}
