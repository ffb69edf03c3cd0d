import AuthflowBackend
import AuthflowHTTP
import AuthflowPrimitives
import Foundation
import Testing

/// OIDC and SAML provider configuration through the Admin API, as the Admin SDK's `createProviderConfig`,
/// `getProviderConfig`, `listProviderConfigs`, `updateProviderConfig` and `deleteProviderConfig` call it
/// (v2 `projects/<id>[/tenants/<tenantId>]/oauthIdpConfigs` and `inboundSamlConfigs`, `Bearer owner`).
@Suite("OIDC and SAML provider configurations")
struct ProviderConfigTests {
    static func base(_ harness: BackendHarness, tenantID: String? = nil) -> String {
        "/identitytoolkit.googleapis.com/v2/projects/\(harness.projectID)" + (tenantID.map { "/tenants/\($0)" } ?? "")
    }

    static func json(_ object: [String: Any]) throws -> [UInt8] {
        Array(try JSONSerialization.data(withJSONObject: object))
    }

    static let headers = BackendHarness.owner + [HTTPHeader(name: "Content-Type", value: "application/json")]

    /// The body `createProviderConfig` sends for an OIDC provider.
    static var oidc: [String: Any] {
        [
            "enabled": true, "displayName": "Corp SSO", "issuer": "https://issuer.example.com",
            "clientId": "client-123", "responseType": ["idToken": true],
        ]
    }

    /// The body `createProviderConfig` sends for a SAML provider.
    static var saml: [String: Any] {
        [
            "enabled": true, "displayName": "Corp SAML",
            "idpConfig": [
                "idpEntityId": "https://idp.example.com", "ssoUrl": "https://idp.example.com/sso", "signRequest": false,
                "idpCertificates": [
                    ["x509Certificate": "-----BEGIN CERTIFICATE-----\nMIIC\n-----END CERTIFICATE-----"]
                ],
            ],
            "spConfig": ["spEntityId": "rp-entity", "callbackUri": "https://project.firebaseapp.com/__/auth/handler"],
        ]
    }

    @Test("OIDC: create, get, list, patch with updateMask, delete; then CONFIGURATION_NOT_FOUND")
    func oidcLifecycle() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let collection = Self.base(harness) + "/oauthIdpConfigs"

        let created = try await harness.send(
            .post, collection + "?oauthIdpConfigId=oidc.corp", body: try Self.json(Self.oidc), headers: Self.headers
        ).requireOK()
        #expect(created["name"] as? String == "projects/\(harness.projectID)/oauthIdpConfigs/oidc.corp")
        #expect(created["clientId"] as? String == "client-123")
        #expect(created["issuer"] as? String == "https://issuer.example.com")
        #expect(created["enabled"] as? Bool == true)
        #expect((created["responseType"] as? [String: Any])?["idToken"] as? Bool == true)

        let fetched = try await harness.get(collection + "/oidc.corp", headers: BackendHarness.owner).requireOK()
        #expect(NSDictionary(dictionary: fetched) == NSDictionary(dictionary: created))

        let again = try await harness.send(
            .post, collection + "?oauthIdpConfigId=oidc.corp", body: try Self.json(Self.oidc), headers: Self.headers)
        #expect(again.status == 409)
        #expect(again.text.contains("CONFIGURATION_EXISTS"))

        let patched = try await harness.send(
            .patch,
            collection + "/oidc.corp?updateMask=displayName,responseType.code,responseType.idToken,clientSecret",
            body: try Self.json([
                "displayName": "Renamed", "clientSecret": "s3cret", "responseType": ["code": true, "idToken": false],
            ]), headers: Self.headers
        ).requireOK()
        #expect(patched["displayName"] as? String == "Renamed")
        #expect(patched["clientId"] as? String == "client-123", "fields outside the mask stay")
        #expect((patched["responseType"] as? [String: Any])?["code"] as? Bool == true)

        _ = try await harness.send(
            .post, collection + "?oauthIdpConfigId=oidc.another", body: try Self.json(Self.oidc), headers: Self.headers
        ).requireOK()
        let listed = try await harness.get(collection + "?pageSize=1", headers: BackendHarness.owner).requireOK()
        let page = listed["oauthIdpConfigs"] as? [[String: Any]] ?? []
        #expect(page.count == 1)
        #expect(page.first?["name"] as? String == "projects/\(harness.projectID)/oauthIdpConfigs/oidc.another")
        let token = try #require(listed["nextPageToken"] as? String)
        let rest = try await harness.get(collection + "?pageSize=1&pageToken=\(token)", headers: BackendHarness.owner)
            .requireOK()
        #expect((rest["oauthIdpConfigs"] as? [[String: Any]])?.first?["displayName"] as? String == "Renamed")
        #expect(rest["nextPageToken"] == nil)

        let deleted = try await harness.send(.delete, collection + "/oidc.corp", headers: BackendHarness.owner)
            .requireOK()
        #expect(deleted.isEmpty)
        let gone = try await harness.get(collection + "/oidc.corp", headers: BackendHarness.owner)
        #expect(gone.status == 404)
        #expect(gone.text.contains("CONFIGURATION_NOT_FOUND"))
    }

    @Test("OIDC: an ID without oidc., a missing issuer, and the code flow without a secret are refused")
    func oidcValidation() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let collection = Self.base(harness) + "/oauthIdpConfigs"
        let badID = try await harness.send(
            .post, collection + "?oauthIdpConfigId=corp", body: try Self.json(Self.oidc), headers: Self.headers)
        #expect(badID.status == 400)
        #expect(badID.text.contains("INVALID_CONFIG_ID"))
        var noIssuer = Self.oidc
        noIssuer["issuer"] = nil
        let missing = try await harness.send(
            .post, collection + "?oauthIdpConfigId=oidc.x", body: try Self.json(noIssuer), headers: Self.headers)
        #expect(missing.status == 400)
        #expect(missing.text.contains("INVALID_CONFIG"))
        var code = Self.oidc
        code["responseType"] = ["code": true]
        let noSecret = try await harness.send(
            .post, collection + "?oauthIdpConfigId=oidc.y", body: try Self.json(code), headers: Self.headers)
        #expect(noSecret.status == 400)
        let anonymous = try await harness.send(
            .get, collection + "?key=test-api-key", headers: [])
        #expect(anonymous.status == 400, "only the admin may read provider configurations")
    }

    @Test("SAML: create and get in a tenant, kept apart from the project's; patch and delete")
    func samlInTenant() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let tenantID = try await harness.registerTenant()
        let collection = Self.base(harness, tenantID: tenantID) + "/inboundSamlConfigs"

        let created = try await harness.send(
            .post, collection + "?inboundSamlConfigId=saml.corp", body: try Self.json(Self.saml), headers: Self.headers
        ).requireOK()
        #expect(
            created["name"] as? String
                == "projects/\(harness.projectID)/tenants/\(tenantID)/inboundSamlConfigs/saml.corp")
        let idp = try #require(created["idpConfig"] as? [String: Any])
        #expect(idp["ssoUrl"] as? String == "https://idp.example.com/sso")
        #expect((idp["idpCertificates"] as? [[String: Any]])?.count == 1)
        #expect((created["spConfig"] as? [String: Any])?["spEntityId"] as? String == "rp-entity")

        let projectLevel = try await harness.get(
            Self.base(harness) + "/inboundSamlConfigs/saml.corp", headers: BackendHarness.owner)
        #expect(projectLevel.status == 404, "a tenant's configuration is not the project's")

        let patched = try await harness.send(
            .patch, collection + "/saml.corp?updateMask=idpConfig.ssoUrl,enabled",
            body: try Self.json(["idpConfig": ["ssoUrl": "https://idp.example.com/sso2"], "enabled": false]),
            headers: Self.headers
        ).requireOK()
        #expect((patched["idpConfig"] as? [String: Any])?["ssoUrl"] as? String == "https://idp.example.com/sso2")
        #expect((patched["idpConfig"] as? [String: Any])?["idpEntityId"] as? String == "https://idp.example.com")
        #expect(patched["enabled"] as? Bool == false)

        var noCertificate = Self.saml
        noCertificate["idpConfig"] = ["idpEntityId": "e", "ssoUrl": "https://idp.example.com/sso"]
        let refused = try await harness.send(
            .post, collection + "?inboundSamlConfigId=saml.bad", body: try Self.json(noCertificate),
            headers: Self.headers)
        #expect(refused.status == 400)
        #expect(refused.text.contains("INVALID_CONFIG"))

        _ = try await harness.send(.delete, collection + "/saml.corp", headers: BackendHarness.owner).requireOK()
        let listed = try await harness.get(collection, headers: BackendHarness.owner).requireOK()
        #expect(listed["inboundSamlConfigs"] == nil)
    }
}
