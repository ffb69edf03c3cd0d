import AuthflowBackend
import AuthflowHTTP
import AuthflowPrimitives
import Foundation
import Testing

/// The identity providers' device authorization grant (RFC 8628) as the backend's stand-ins serve it, in each
/// provider's documented shape, and `signInWithIdp` accepting (or refusing) the tokens they issue.
@Suite("Device authorization stand-ins")
struct DeviceAuthorizationTests {
    static let grantType = "urn:ietf:params:oauth:grant-type:device_code"
    static let json = [HTTPHeader(name: "Accept", value: "application/json")]
    static let ada = EmbeddedBackend.DeviceAuthorizationUser(sub: "1001", email: "ada@example.com", name: "Ada")

    // MARK: GitHub

    private func githubStart(_ harness: BackendHarness) async throws -> [String: Any] {
        try await harness.post(
            "/github.com/login/device/code", form: [("client_id", "gh-client"), ("scope", "read:user user:email")],
            headers: Self.json
        ).requireOK()
    }

    private func githubPoll(_ harness: BackendHarness, _ deviceCode: String) async throws -> Reply {
        try await harness.post(
            "/github.com/login/oauth/access_token",
            form: [("client_id", "gh-client"), ("device_code", deviceCode), ("grant_type", Self.grantType)],
            headers: Self.json)
    }

    @Test("GitHub: device code shape; pending, slow_down (+5 s), then the access token, all with HTTP 200")
    func githubApproved() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let started = try await githubStart(harness)
        let deviceCode = try #require(started["device_code"] as? String)
        let userCode = try #require(started["user_code"] as? String)
        #expect(userCode.count == 9 && userCode.dropFirst(4).first == "-")
        #expect(started["verification_uri"] as? String == "https://github.com/login/device")
        #expect(started["expires_in"] as? Int == 900)
        #expect(started["interval"] as? Int == 5)

        let pending = try await githubPoll(harness, deviceCode)
        #expect(pending.status == 200)
        #expect(try pending.json["error"] as? String == "authorization_pending")

        #expect(harness.backend.decideDeviceAuthorization(userCode: userCode, .slowDown))
        let slow = try await githubPoll(harness, deviceCode).requireOK()
        #expect(slow["error"] as? String == "slow_down")
        #expect(slow["interval"] as? Int == 10)
        #expect(try await githubPoll(harness, deviceCode).json["error"] as? String == "authorization_pending")

        #expect(harness.backend.decideDeviceAuthorization(userCode: userCode, .approve(Self.ada)))
        let granted = try await githubPoll(harness, deviceCode).requireOK()
        let accessToken = try #require(granted["access_token"] as? String)
        #expect(granted["token_type"] as? String == "bearer")
        #expect(granted["scope"] as? String == "read:user user:email")
        #expect(granted["error"] == nil)
        // Exchanged once only.
        #expect(try await githubPoll(harness, deviceCode).json["error"] as? String == "incorrect_device_code")

        let signedIn = try await harness.v1(
            "accounts:signInWithIdp",
            [
                "requestUri": "http://localhost", "postBody": "access_token=\(accessToken)&providerId=github.com",
                "returnSecureToken": true, "returnIdpCredential": true,
            ]
        ).requireOK()
        #expect(signedIn["providerId"] as? String == "github.com")
        #expect(signedIn["federatedId"] as? String == "1001")
        #expect(signedIn["email"] as? String == "ada@example.com")
        #expect(signedIn["displayName"] as? String == "Ada")
        #expect(signedIn["oauthAccessToken"] as? String == accessToken)
        #expect(signedIn["idToken"] is String)
    }

    @Test("GitHub: without Accept: application/json the replies are form-encoded, as GitHub's default")
    func githubForm() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let started = try await harness.post("/github.com/login/device/code", form: [("client_id", "gh-client")])
        #expect(started.status == 200)
        #expect(started.header("Content-Type")?.hasPrefix("application/x-www-form-urlencoded") == true)
        let fields = QueryParameters(form: started.text)
        let deviceCode = try #require(fields.value("device_code"))
        let polled = try await harness.post(
            "/github.com/login/oauth/access_token",
            form: [("client_id", "gh-client"), ("device_code", deviceCode), ("grant_type", Self.grantType)])
        #expect(QueryParameters(form: polled.text).value("error") == "authorization_pending")
    }

    @Test("GitHub: denied gives access_denied, expired gives expired_token, a wrong grant type is refused")
    func githubRefusals() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let denied = try #require(try await githubStart(harness)["device_code"] as? String)
        #expect(harness.backend.decideDeviceAuthorization(.deny))
        #expect(try await githubPoll(harness, denied).requireOK()["error"] as? String == "access_denied")

        let expired = try #require(try await githubStart(harness)["device_code"] as? String)
        #expect(harness.backend.decideDeviceAuthorization(.expire))
        #expect(try await githubPoll(harness, expired).requireOK()["error"] as? String == "expired_token")

        let wrongGrant = try await harness.post(
            "/github.com/login/oauth/access_token",
            form: [("client_id", "gh-client"), ("device_code", denied), ("grant_type", "authorization_code")],
            headers: Self.json)
        #expect(try wrongGrant.json["error"] as? String == "unsupported_grant_type")
        let otherClient = try await harness.post(
            "/github.com/login/oauth/access_token",
            form: [("client_id", "other"), ("device_code", expired), ("grant_type", Self.grantType)],
            headers: Self.json)
        #expect(try otherClient.json["error"] as? String == "incorrect_client_credentials")
        #expect(harness.backend.decideDeviceAuthorization(userCode: "NONE-SUCH", .deny) == false)
    }

    // MARK: Google

    private func googleStart(_ harness: BackendHarness, client: String = "tv-client") async throws -> [String: Any] {
        try await harness.post(
            "/oauth2.googleapis.com/device/code", form: [("client_id", client), ("scope", "openid email profile")]
        ).requireOK()
    }

    private func googlePoll(
        _ harness: BackendHarness, _ deviceCode: String, client: String = "tv-client", secret: String? = "tv-secret"
    ) async throws -> Reply {
        var form = [("client_id", client), ("device_code", deviceCode), ("grant_type", Self.grantType)]
        if let secret { form.append(("client_secret", secret)) }
        return try await harness.post("/oauth2.googleapis.com/token", form: form)
    }

    @Test("Google: verification_url; 428 pending, 403 slow_down and access_denied, 400 expired_token")
    func googleStatuses() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let started = try await googleStart(harness)
        #expect(started["verification_url"] as? String == "https://www.google.com/device")
        #expect(started["expires_in"] as? Int == 1800)
        #expect(started["verification_uri"] == nil)
        #expect(started["interval"] as? Int == 5)
        let deviceCode = try #require(started["device_code"] as? String)

        let pending = try await googlePoll(harness, deviceCode)
        #expect(pending.status == 428)
        #expect(try pending.json["error"] as? String == "authorization_pending")
        harness.backend.decideDeviceAuthorization(.slowDown)
        let slow = try await googlePoll(harness, deviceCode)
        #expect(slow.status == 403)
        #expect(try slow.json["error"] as? String == "slow_down")
        let otherClient = try await googlePoll(harness, deviceCode, client: "another-client")
        #expect(otherClient.status == 401)
        #expect(try otherClient.json["error"] as? String == "invalid_client")
        let noSecret = try await googlePoll(harness, deviceCode, secret: nil)
        #expect(noSecret.status == 400)
        #expect(try noSecret.json["error"] as? String == "invalid_request")
        harness.backend.decideDeviceAuthorization(.deny)
        let denied = try await googlePoll(harness, deviceCode)
        #expect(denied.status == 403)
        #expect(try denied.json["error"] as? String == "access_denied")

        let other = try #require(try await googleStart(harness)["device_code"] as? String)
        harness.backend.decideDeviceAuthorization(.expire)
        let expired = try await googlePoll(harness, other)
        #expect(expired.status == 400)
        #expect(try expired.json["error"] as? String == "expired_token")
    }

    @Test("Google: the id_token's audience is the client; signInWithIdp refuses it until the client is safelisted")
    func googleAudience() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let deviceCode = try #require(try await googleStart(harness)["device_code"] as? String)
        harness.backend.decideDeviceAuthorization(.approve(Self.ada))
        let granted = try await googlePoll(harness, deviceCode).requireOK()
        let idToken = try #require(granted["id_token"] as? String)
        #expect(granted["token_type"] as? String == "Bearer")
        #expect((granted["access_token"] as? String)?.hasPrefix("ya29.") == true)
        let claims = try JWTParts(idToken).claims
        #expect(claims["aud"] as? String == "tv-client")
        #expect(claims["iss"] as? String == "https://accounts.google.com")
        #expect(claims["sub"] as? String == "1001")

        let body: [String: Any] = [
            "requestUri": "http://localhost", "postBody": "id_token=\(idToken)&providerId=google.com",
            "returnSecureToken": true,
        ]
        let refused = try await harness.v1("accounts:signInWithIdp", body)
        #expect(refused.status == 400)
        #expect(
            refused.errorMessage
                == "INVALID_IDP_RESPONSE : Invalid Idp Response: the Google id_token is not allowed to be used with this application. Its audience (OAuth 2.0 client ID) is tv-client, which is not authorized to be used in the project with project_number: 12345."
        )

        harness.backend.allowDeviceClient("other-client", for: "google.com")
        #expect(try await harness.v1("accounts:signInWithIdp", body).status == 400)
        harness.backend.allowDeviceClient("tv-client", for: "google.com")
        let signedIn = try await harness.v1("accounts:signInWithIdp", body).requireOK()
        #expect(signedIn["federatedId"] as? String == "https://accounts.google.com/1001")
        #expect(signedIn["email"] as? String == "ada@example.com")
        #expect(signedIn["emailVerified"] as? Bool == true)

        // The stand-in's token belongs to Google: offered as another provider's, it is refused.
        let foreign = try await harness.v1(
            "accounts:signInWithIdp",
            ["requestUri": "http://localhost", "postBody": "id_token=\(idToken)&providerId=oidc.corp"])
        #expect(foreign.status == 400)
        #expect(foreign.errorMessage?.hasPrefix("INVALID_IDP_RESPONSE") == true)
    }

    // MARK: Facebook

    private func facebookPoll(_ harness: BackendHarness, _ code: String) async throws -> Reply {
        try await harness.post(
            "/graph.facebook.com/v19.0/device/login_status",
            form: [("access_token", "4242|client-token"), ("code", code)])
    }

    private func facebookSubcode(_ reply: Reply) throws -> Int? {
        (try reply.json["error"] as? [String: Any])?["error_subcode"] as? Int
    }

    @Test("Facebook: code and user_code; subcodes 1349174 pending, 1349172 slow down, 1349152 expired; token")
    func facebook() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let refused = try await harness.post(
            "/graph.facebook.com/v19.0/device/login", form: [("access_token", "no-client-token")])
        #expect(refused.status == 400)
        let started = try await harness.post(
            "/graph.facebook.com/v19.0/device/login", form: [("access_token", "4242|client-token"), ("scope", "email")]
        ).requireOK()
        let code = try #require(started["code"] as? String)
        #expect(started["user_code"] is String)
        #expect(started["verification_uri"] as? String == "https://www.facebook.com/device")
        #expect(started["expires_in"] as? Int == 420)
        #expect(started["interval"] as? Int == 5)

        let pending = try await facebookPoll(harness, code)
        #expect(pending.status == 400)
        #expect(try facebookSubcode(pending) == 1_349_174)
        #expect((try pending.json["error"] as? [String: Any])?["code"] as? Int == 31)
        harness.backend.decideDeviceAuthorization(.slowDown)
        #expect(try facebookSubcode(try await facebookPoll(harness, code)) == 1_349_172)
        harness.backend.decideDeviceAuthorization(.approve(Self.ada))
        let granted = try await facebookPoll(harness, code).requireOK()
        let accessToken = try #require(granted["access_token"] as? String)
        #expect(granted["expires_in"] is Int)

        let other = try #require(
            try await harness.post(
                "/graph.facebook.com/v19.0/device/login", form: [("access_token", "4242|client-token")]
            ).requireOK()["code"] as? String)
        harness.backend.decideDeviceAuthorization(.expire)
        #expect(try facebookSubcode(try await facebookPoll(harness, other)) == 1_349_152)

        let signedIn = try await harness.v1(
            "accounts:signInWithIdp",
            [
                "requestUri": "http://localhost", "postBody": "access_token=\(accessToken)&providerId=facebook.com",
                "returnSecureToken": true,
            ]
        ).requireOK()
        #expect(signedIn["federatedId"] as? String == "1001")
        #expect(signedIn["email"] as? String == "ada@example.com")
        // A Facebook token offered as GitHub's is refused.
        let foreign = try await harness.v1(
            "accounts:signInWithIdp",
            ["requestUri": "http://localhost", "postBody": "access_token=\(accessToken)&providerId=github.com"])
        #expect(foreign.status == 400)
    }

    // MARK: OIDC

    @Test("OIDC: discovery names the device and token endpoints; the id_token's audience is the configured client")
    func oidc() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let issuer = harness.backend.oidcIssuerStandIn
        let discovery = try await harness.get("/oidc-issuer/.well-known/openid-configuration").requireOK()
        #expect(discovery["issuer"] as? String == issuer)
        let deviceEndpoint = try #require(discovery["device_authorization_endpoint"] as? String)
        let tokenEndpoint = try #require(discovery["token_endpoint"] as? String)
        #expect(deviceEndpoint.hasPrefix(issuer) && tokenEndpoint.hasPrefix(issuer))
        let base = harness.backend.baseURL

        let started = try await harness.post(
            String(deviceEndpoint.dropFirst(base.count)),
            form: [("client_id", "corp-device"), ("scope", "openid email")]
        ).requireOK()
        let deviceCode = try #require(started["device_code"] as? String)
        #expect(started["verification_uri_complete"] is String)
        let poll = { (code: String) in
            try await harness.post(
                String(tokenEndpoint.dropFirst(base.count)),
                form: [("client_id", "corp-device"), ("device_code", code), ("grant_type", Self.grantType)])
        }
        let pending = try await poll(deviceCode)
        #expect(pending.status == 400)
        #expect(try pending.json["error"] as? String == "authorization_pending")
        harness.backend.decideDeviceAuthorization(.approve(Self.ada))
        let idToken = try #require(try await poll(deviceCode).requireOK()["id_token"] as? String)
        #expect(try JWTParts(idToken).claims["aud"] as? String == "corp-device")
        #expect(try JWTParts(idToken).claims["iss"] as? String == issuer)

        let body: [String: Any] = [
            "requestUri": "http://localhost", "postBody": "id_token=\(idToken)&providerId=oidc.corp",
            "returnSecureToken": true,
        ]
        let refused = try await harness.v1("accounts:signInWithIdp", body)
        #expect(refused.status == 400)
        #expect(refused.errorMessage?.contains("Its audience (OAuth 2.0 client ID) is corp-device") == true)

        var config = ProviderConfigTests.oidc
        config["clientId"] = "corp-device"
        config["issuer"] = issuer
        _ = try await harness.send(
            .post, ProviderConfigTests.base(harness) + "/oauthIdpConfigs?oauthIdpConfigId=oidc.corp",
            body: try ProviderConfigTests.json(config), headers: ProviderConfigTests.headers
        ).requireOK()
        let signedIn = try await harness.v1("accounts:signInWithIdp", body).requireOK()
        #expect(signedIn["providerId"] as? String == "oidc.corp")
        #expect(signedIn["federatedId"] as? String == "1001")

        // The same client ID at a provider configured with another issuer: the token is not that issuer's.
        config["issuer"] = "https://elsewhere.example.com"
        _ = try await harness.send(
            .post, ProviderConfigTests.base(harness) + "/oauthIdpConfigs?oauthIdpConfigId=oidc.elsewhere",
            body: try ProviderConfigTests.json(config), headers: ProviderConfigTests.headers
        ).requireOK()
        let otherIssuer = try await harness.v1(
            "accounts:signInWithIdp",
            ["requestUri": "http://localhost", "postBody": "id_token=\(idToken)&providerId=oidc.elsewhere"])
        #expect(otherIssuer.status == 400)
        #expect(otherIssuer.errorMessage?.contains("not issued by https://elsewhere.example.com") == true)
    }

    // MARK: Emulator API and the emulator's own fake tokens

    @Test("The emulator API lists authorizations and decides them, for a separate emulator process")
    func emulatorAPI() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let deviceCode = try #require(try await githubStart(harness)["device_code"] as? String)
        let path = "/emulator/v1/projects/\(harness.projectID)/deviceAuthorizations"
        let listed = try await harness.get(path).requireOK()
        let entries = try #require(listed["deviceAuthorizations"] as? [[String: Any]])
        #expect(entries.count == 1)
        #expect(entries.first?["providerId"] as? String == "github.com")
        #expect(entries.first?["state"] as? String == "PENDING")
        #expect(entries.first?["device_code"] == nil && !listed.description.contains(deviceCode))
        let userCode = try #require(entries.first?["userCode"] as? String)
        #expect(harness.backend.deviceAuthorizations.map(\.userCode) == [userCode])
        #expect(harness.backend.deviceAuthorizations.first?.outcome == .pending)

        #expect(try await harness.post(path, json: ["decision": "maybe"]).status == 400)
        _ = try await harness.post(
            path, json: ["decision": "approve", "userCode": userCode, "sub": "77", "email": "bo@example.com"]
        ).requireOK()
        let token = try #require(try await githubPoll(harness, deviceCode).requireOK()["access_token"] as? String)
        let signedIn = try await harness.v1(
            "accounts:signInWithIdp",
            ["requestUri": "http://localhost", "postBody": "access_token=\(token)&providerId=github.com"]
        ).requireOK()
        #expect(signedIn["federatedId"] as? String == "77")

        _ = try await harness.post(
            "/emulator/v1/projects/\(harness.projectID)/deviceClients",
            json: ["providerId": "google.com", "clientId": "tv-client"]
        ).requireOK()
        let googleCode = try #require(try await googleStart(harness)["device_code"] as? String)
        _ = try await harness.post(path, json: ["decision": "approve", "sub": "88"]).requireOK()
        let idToken = try #require(try await googlePoll(harness, googleCode).requireOK()["id_token"] as? String)
        _ = try await harness.v1(
            "accounts:signInWithIdp",
            ["requestUri": "http://localhost", "postBody": "id_token=\(idToken)&providerId=google.com"]
        ).requireOK()
    }

    @Test("The emulator's fake tokens keep working: a JSON id_token with any audience is not checked")
    func fakeTokensUnchanged() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let fake = #"{"sub":"fake-1","aud":"anything","email":"f@example.com"}"#
        let encoded = try #require(fake.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
        let signedIn = try await harness.v1(
            "accounts:signInWithIdp",
            ["requestUri": "http://localhost", "postBody": "id_token=\(encoded)&providerId=google.com"]
        ).requireOK()
        #expect(signedIn["federatedId"] as? String == "https://accounts.google.com/fake-1")
    }
}
