import AuthflowBackend
import AuthflowPrimitives
import Foundation
import Testing

/// The emulator's tenant behaviour outside tenant management, grouped as its specs group it (`signUp.spec.ts`,
/// `password.spec.ts`, `emailLink.spec.ts`, `oob.spec.ts`, `phone.spec.ts`, `mfa.spec.ts`, `idp.spec.ts`,
/// `customToken.spec.ts`, `setAccountInfo.spec.ts`, `misc.spec.ts`, `rest.spec.ts`), over HTTP.
@Suite("Tenant-scoped state")
struct TenantScopeTests {
    /// One client call in a tenant: the API version, name and body besides `tenantId`.
    struct Call: Sendable, CustomTestStringConvertible {
        var version: String
        var name: String
        var body: [String: String] = [:]
        var owner = false

        var testDescription: String { name }
    }

    static let disabledAuthCalls: [Call] = [
        Call(version: "v1", name: "accounts:signUp"),
        Call(version: "v1", name: "accounts:signInWithPassword"),
        Call(version: "v1", name: "accounts:signInWithEmailLink"),
        Call(version: "v1", name: "accounts:sendOobCode"),
        Call(version: "v1", name: "accounts:resetPassword"),
        Call(version: "v1", name: "accounts:sendVerificationCode"),
        Call(version: "v1", name: "accounts:signInWithPhoneNumber"),
        Call(version: "v1", name: "accounts:signInWithCustomToken"),
        Call(version: "v1", name: "accounts:signInWithIdp"),
        Call(
            version: "v1", name: "accounts:createAuthUri",
            body: ["continueUri": "http://example.com/", "identifier": "notregistered@example.com"]),
        Call(version: "v1", name: "accounts:lookup", owner: true),
        Call(version: "v1", name: "accounts:update"),
        Call(version: "v1", name: "accounts:delete"),
        Call(version: "v2", name: "accounts/mfaEnrollment:start"),
        Call(version: "v2", name: "accounts/mfaEnrollment:finalize"),
        Call(version: "v2", name: "accounts/mfaEnrollment:withdraw"),
        Call(version: "v2", name: "accounts/mfaSignIn:start"),
        Call(version: "v2", name: "accounts/mfaSignIn:finalize"),
    ]

    static let smsMFACalls = [
        "accounts/mfaEnrollment:start", "accounts/mfaEnrollment:finalize", "accounts/mfaSignIn:start",
        "accounts/mfaSignIn:finalize",
    ]

    private func send(_ call: Call, tenantID: String, harness: BackendHarness) async throws -> Reply {
        var body: [String: Any] = call.body
        body["tenantId"] = tenantID
        let headers = call.owner ? BackendHarness.owner : []
        return call.version == "v1"
            ? try await harness.v1(call.name, body, headers: headers)
            : try await harness.v2(call.name, body, headers: headers)
    }

    // MARK: Every spec: "should error if auth is disabled"

    @Test("A tenant with disableAuth answers every client call 400 PROJECT_DISABLED", arguments: disabledAuthCalls)
    func authDisabled(call: Call) async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let tenantID = try await harness.registerTenant(["disableAuth": true])

        let reply = try await send(call, tenantID: tenantID, harness: harness)

        #expect(reply.status == 400)
        #expect(reply.errorMessage == "PROJECT_DISABLED")
    }

    // MARK: signUp.spec.ts

    @Test("signUp: password sign-up off in the tenant is OPERATION_NOT_ALLOWED")
    func passwordSignUpNotAllowed() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let tenantID = try await harness.registerTenant(["allowPasswordSignup": false])

        let reply = try await harness.v1(
            "accounts:signUp", ["tenantId": tenantID, "email": "me@example.com", "password": "notasecret"])

        #expect(reply.status == 400)
        #expect(reply.errorMessage == "OPERATION_NOT_ALLOWED")
        #expect(harness.backend.accounts(tenantID: tenantID).isEmpty)
    }

    @Test("signUp: anonymous users off in the tenant is ADMIN_ONLY_OPERATION")
    func anonymousNotAllowed() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let tenantID = try await harness.registerTenant(["enableAnonymousUser": false])

        let reply = try await harness.v1("accounts:signUp", ["tenantId": tenantID, "returnSecureToken": true])

        #expect(reply.status == 400)
        #expect(reply.errorMessage == "ADMIN_ONLY_OPERATION")
    }

    @Test("signUp: the account is the tenant's (tenantId in lookup), apart from the project's own accounts")
    func signUpInTenant() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let tenantID = try await harness.registerTenant(["allowPasswordSignup": true])

        let inTenant = try await harness.signUp(email: "alice@example.com", tenantID: tenantID)
        let inProject = try await harness.signUp(email: "alice@example.com")

        let localId = try #require(inTenant["localId"] as? String)
        let user = try await harness.lookup(localId: localId, tenantID: tenantID)
        #expect(user["tenantId"] as? String == tenantID)
        #expect(try JWTParts(try #require(inTenant["idToken"] as? String)).firebase["tenant"] as? String == tenantID)
        #expect(try JWTParts(try #require(inProject["idToken"] as? String)).firebase["tenant"] == nil)
        #expect(harness.backend.accounts.map(\.localID) == [try #require(inProject["localId"] as? String)])
        #expect(harness.backend.accounts(tenantID: tenantID).map(\.localID) == [localId])
        #expect(harness.backend.accounts(tenantID: tenantID).first?.tenantID == tenantID)
    }

    // MARK: password.spec.ts

    @Test("signInWithPassword: password sign-in off in the tenant is PASSWORD_LOGIN_DISABLED")
    func passwordSignInDisabled() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let tenantID = try await harness.registerTenant(["allowPasswordSignup": false])

        let reply = try await harness.v1("accounts:signInWithPassword", ["tenantId": tenantID])

        #expect(reply.status == 400)
        #expect(reply.errorMessage == "PASSWORD_LOGIN_DISABLED")
    }

    @Test("signInWithPassword: a second factor stops sign-in only while the tenant's MFA is enabled")
    func passwordPendingCredential() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let tenantID = try await harness.registerTenant([
            "allowPasswordSignup": true, "enableEmailLinkSignin": true,
            "mfaConfig": ["state": "ENABLED", "enabledProviders": ["PHONE_SMS"]],
        ])
        _ = try await harness.tenantAccountWithSecondFactor(
            email: "alice@example.com", phoneNumber: "+15555550100", tenantID: tenantID)
        let credentials: [String: Any] = [
            "email": "alice@example.com", "password": "secret-password", "tenantId": tenantID,
        ]

        let pending = try await harness.v1("accounts:signInWithPassword", credentials).requireOK()
        _ = try await harness.send(
            .patch,
            "/identitytoolkit.googleapis.com/v2/projects/\(harness.projectID)/tenants/\(tenantID)?updateMask=mfaConfig",
            body: Array(#"{"mfaConfig":{"state":"DISABLED"}}"#.utf8),
            headers: BackendHarness.owner + [.init(name: "Content-Type", value: "application/json")])
        let direct = try await harness.v1("accounts:signInWithPassword", credentials).requireOK()

        #expect(pending["idToken"] == nil)
        #expect(pending["refreshToken"] == nil)
        let credential = try #require(pending["mfaPendingCredential"] as? String)
        let payload = try JSONParser.parse(Array(try #require(Data(base64Encoded: credential))))
        #expect(payload.objectValue?["tenantId"]?.stringValue == tenantID)
        #expect((pending["mfaInfo"] as? [Any])?.count == 1)
        #expect(direct["idToken"] is String)
    }

    // MARK: emailLink.spec.ts and oob.spec.ts

    @Test("Email link off in the tenant: sendOobCode EMAIL_SIGNIN and signInWithEmailLink are OPERATION_NOT_ALLOWED")
    func emailLinkNotAllowed() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let tenantID = try await harness.registerTenant(["enableEmailLinkSignin": false])

        let send = try await harness.v1(
            "accounts:sendOobCode",
            ["tenantId": tenantID, "email": "bob@example.com", "requestType": "EMAIL_SIGNIN"])
        let signIn = try await harness.v1("accounts:signInWithEmailLink", ["tenantId": tenantID])

        #expect(send.status == 400)
        #expect(send.errorMessage == "OPERATION_NOT_ALLOWED")
        #expect(signIn.errorMessage == "OPERATION_NOT_ALLOWED")
        #expect(try await harness.oobCodes(tenantID: tenantID).isEmpty)
    }

    @Test("signInWithEmailLink: the tenant's code (its link names the tenant) creates the tenant's account")
    func emailLinkInTenant() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let tenantID = try await harness.registerTenant(["enableEmailLinkSignin": true])
        _ = try await harness.v1(
            "accounts:sendOobCode",
            [
                "tenantId": tenantID, "email": "alice@example.com", "requestType": "EMAIL_SIGNIN",
                "continueUrl": "https://app.example.com/done",
            ]
        ).requireOK()
        let code = try #require(try await harness.oobCodes(tenantID: tenantID).first)
        let oobCode = try #require(code["oobCode"] as? String)

        let inProject = try await harness.v1(
            "accounts:signInWithEmailLink", ["oobCode": oobCode, "email": "alice@example.com"])
        let signedIn = try await harness.v1(
            "accounts:signInWithEmailLink", ["oobCode": oobCode, "email": "alice@example.com", "tenantId": tenantID]
        ).requireOK()

        #expect((code["oobLink"] as? String)?.hasSuffix("&tenantId=\(tenantID)") == true)
        #expect(harness.backend.oobCodes.isEmpty)
        #expect(inProject.errorMessage == "INVALID_OOB_CODE")
        let user = try await harness.lookup(localId: try #require(signedIn["localId"] as? String), tenantID: tenantID)
        #expect(user["tenantId"] as? String == tenantID)
    }

    @Test("resetPassword: password sign-in off in the tenant is PASSWORD_LOGIN_DISABLED")
    func resetPasswordDisabled() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let tenantID = try await harness.registerTenant(["allowPasswordSignup": false])

        let reply = try await harness.v1("accounts:resetPassword", ["tenantId": tenantID])

        #expect(reply.status == 400)
        #expect(reply.errorMessage == "PASSWORD_LOGIN_DISABLED")
    }

    @Test("A tenant's action link opened in the browser applies the code in that tenant")
    func actionLinkInTenant() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let tenantID = try await harness.registerTenant(["allowPasswordSignup": true])
        let signedUp = try await harness.signUp(email: "alice@example.com", tenantID: tenantID)
        _ = try await harness.v1(
            "accounts:sendOobCode",
            ["requestType": "VERIFY_EMAIL", "idToken": try #require(signedUp["idToken"] as? String)]
        ).requireOK()
        let link = try #require(try await harness.oobCodes(tenantID: tenantID).first?["oobLink"] as? String)

        let opened = try await harness.get(String(link.dropFirst(harness.backend.baseURL.count)))

        #expect(opened.status == 200)
        #expect(harness.backend.accounts(tenantID: tenantID).first?.emailVerified == true)
    }

    // MARK: phone.spec.ts

    @Test(
        "Phone sign-in in a tenant is UNSUPPORTED_TENANT_OPERATION",
        arguments: ["accounts:sendVerificationCode", "accounts:signInWithPhoneNumber"])
    func phoneInTenant(name: String) async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let tenantID = try await harness.registerTenant(["disableAuth": false])

        let reply = try await harness.v1(name, ["tenantId": tenantID])

        #expect(reply.status == 400)
        #expect(reply.errorMessage == "UNSUPPORTED_TENANT_OPERATION")
    }

    // MARK: mfa.spec.ts

    @Test(
        "SMS second factors need the tenant's MFA ENABLED with PHONE_SMS: OPERATION_NOT_ALLOWED otherwise",
        arguments: smsMFACalls, [["DISABLED"], ["ENABLED", "PROVIDER_UNSPECIFIED"]]
    )
    func smsMFANotEnabled(name: String, stateAndProviders: [String]) async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        var mfaConfig: [String: Any] = ["state": stateAndProviders[0]]
        if stateAndProviders.count > 1 { mfaConfig["enabledProviders"] = Array(stateAndProviders.dropFirst()) }
        let tenantID = try await harness.registerTenant(["mfaConfig": mfaConfig])

        let reply = try await harness.v2(name, ["tenantId": tenantID])

        #expect(reply.status == 400)
        #expect(reply.errorMessage == "OPERATION_NOT_ALLOWED : SMS based MFA not enabled.")
    }

    // MARK: idp.spec.ts

    private static func encoded(_ claims: String) -> String {
        claims.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
    }

    @Test("signInWithIdp: a new account in the tenant; the reply and the account carry tenantId")
    func idpInTenant() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let tenantID = try await harness.registerTenant(["disableAuth": false])
        let claims = #"{"sub":"123456789012345678901","email":"example@gmail.com","email_verified":true}"#

        let reply = try await harness.v1(
            "accounts:signInWithIdp",
            [
                "postBody": "providerId=google.com&id_token=\(Self.encoded(claims))",
                "requestUri": "http://localhost", "returnIdpCredential": true, "returnSecureToken": true,
                "tenantId": tenantID,
            ]
        ).requireOK()

        #expect(reply["tenantId"] as? String == tenantID)
        let user = try await harness.lookup(localId: try #require(reply["localId"] as? String), tenantID: tenantID)
        #expect(user["tenantId"] as? String == tenantID)
        #expect(harness.backend.accounts.isEmpty)
    }

    @Test("signInWithIdp: an enrolled tenant user gets a pending credential, no tokens, and no new login time")
    func idpPendingCredential() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let tenantID = try await harness.registerTenant([
            "allowPasswordSignup": true, "mfaConfig": ["state": "ENABLED", "enabledProviders": ["PHONE_SMS"]],
        ])
        let localId = try await harness.tenantAccountWithSecondFactor(
            email: "foo@example.com", phoneNumber: "+15555550101", tenantID: tenantID)
        let claims = #"{"sub":"123456789012345678901","email":"foo@example.com","email_verified":true}"#
        let body: [String: Any] = [
            "postBody": "providerId=google.com&id_token=\(Self.encoded(claims))",
            "requestUri": "http://localhost", "returnIdpCredential": true, "tenantId": tenantID,
        ]
        let before = try await harness.lookup(localId: localId, tenantID: tenantID)

        let reply = try await harness.v1("accounts:signInWithIdp", body).requireOK()

        #expect(reply["idToken"] == nil)
        #expect(reply["refreshToken"] == nil)
        #expect(reply["mfaPendingCredential"] is String)
        #expect((reply["mfaInfo"] as? [Any])?.count == 1)
        let after = try await harness.lookup(localId: localId, tenantID: tenantID)
        #expect(after["lastLoginAt"] as? String == before["lastLoginAt"] as? String)
        #expect(after["lastRefreshAt"] as? String == before["lastRefreshAt"] as? String)
    }

    @Test("The IdP widget lists the accounts of the tenant its tid (or tenantId) names, and only those")
    func widgetListsTenantAccounts() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let tenantID = try await harness.registerTenant(["disableAuth": false])
        for (email, tenant) in [("in-tenant@example.com", tenantID as String?), ("in-project@example.com", nil)] {
            var body: [String: Any] = [
                "requestUri": "http://localhost",
                "postBody": #"providerId=google.com&id_token={"sub":"\#(email)","email":"\#(email)"}"#,
            ]
            body["tenantId"] = tenant
            _ = try await harness.v1("accounts:signInWithIdp", body).requireOK()
        }
        let query = "/emulator/auth/handler?apiKey=fake-api-key&providerId=google.com&appName=%5BDEFAULT%5D"

        let byTid = try await harness.get("\(query)&tid=\(tenantID)")
        let byTenantId = try await harness.get("\(query)&tenantId=\(tenantID)")
        let withoutTenant = try await harness.get(query)

        for page in [byTid, byTenantId] {
            #expect(page.status == 200)
            #expect(page.text.contains("in-tenant@example.com"))
            #expect(!page.text.contains("in-project@example.com"))
        }
        #expect(withoutTenant.text.contains("in-project@example.com"))
        #expect(!withoutTenant.text.contains("in-tenant@example.com"))
    }

    // MARK: customToken.spec.ts

    private func customToken(_ payload: [String: Any]) throws -> String {
        let header = Data(#"{"alg":"none","typ":"JWT"}"#.utf8).base64URL
        return header + "." + (try JSONSerialization.data(withJSONObject: payload)).base64URL + "."
    }

    private static let customTokenAudience =
        "https://identitytoolkit.googleapis.com/google.identity.identitytoolkit.v1.IdentityToolkit"

    @Test("signInWithCustomToken: a JWT whose tenant_id is another tenant's is TENANT_ID_MISMATCH")
    func customTokenMismatch() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let tenantID = try await harness.registerTenant(["disableAuth": false])
        let token = try customToken([
            "uid": "someuid", "tenant_id": "not-matching-tenant-id", "aud": Self.customTokenAudience,
        ])

        let reply = try await harness.v1("accounts:signInWithCustomToken", ["token": token, "tenantId": tenantID])

        #expect(reply.status == 400)
        #expect(reply.errorMessage == "TENANT_ID_MISMATCH")
    }

    @Test("signInWithCustomToken: a JWT naming the tenant creates the tenant's account")
    func customTokenInTenant() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let tenantID = try await harness.registerTenant(["disableAuth": false])
        let token = try customToken([
            "uid": "someuid", "tenant_id": tenantID, "aud": Self.customTokenAudience,
            "claims": ["abc": "def"],
        ])

        let reply = try await harness.v1("accounts:signInWithCustomToken", ["token": token, "tenantId": tenantID])
            .requireOK()

        #expect(reply["isNewUser"] as? Bool == true)
        #expect(reply["refreshToken"] is String)
        let idToken = try #require(reply["idToken"] as? String)
        let info = try await harness.v1("accounts:lookup", ["idToken": idToken, "tenantId": tenantID]).requireOK()
        #expect(((info["users"] as? [[String: Any]])?.first)?["tenantId"] as? String == tenantID)
    }

    // MARK: setAccountInfo.spec.ts

    @Test("accounts:update: changing a tenant user's email sends RECOVER_EMAIL with the tenant in its link")
    func recoverEmailLinkNamesTenant() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let tenantID = try await harness.registerTenant([
            "allowPasswordSignup": true, "mfaConfig": ["state": "ENABLED"],
        ])
        let signedUp = try await harness.signUp(email: "alice@example.com", tenantID: tenantID)

        _ = try await harness.v1(
            "accounts:update",
            [
                "idToken": try #require(signedUp["idToken"] as? String), "email": "bob@example.com",
                "tenantId": tenantID,
            ]
        ).requireOK()

        let codes = try await harness.oobCodes(tenantID: tenantID)
        #expect(codes.count == 1)
        #expect(codes.first?["email"] as? String == "alice@example.com")
        #expect(codes.first?["requestType"] as? String == "RECOVER_EMAIL")
        #expect((codes.first?["oobLink"] as? String)?.contains(tenantID) == true)
    }

    // MARK: misc.spec.ts

    @Test("token: a tenant's refresh token finds its tenant; the new tokens stay in it")
    func refreshInTenant() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let tenantID = try await harness.registerTenant(["allowPasswordSignup": true])
        let signedUp = try await harness.signUp(email: "alice@example.com", tenantID: tenantID)
        let refreshToken = try #require(signedUp["refreshToken"] as? String)

        let first = try await harness.post(
            "/securetoken.googleapis.com/v1/token?key=fake-api-key",
            form: [("refresh_token", refreshToken), ("grantType", "refresh_token")]
        ).requireOK()
        let second = try await harness.post(
            "/securetoken.googleapis.com/v1/token?key=fake-api-key",
            form: [("refresh_token", try #require(first["refresh_token"] as? String)), ("grantType", "refresh_token")]
        ).requireOK()

        #expect(first["user_id"] as? String == signedUp["localId"] as? String)
        #expect(first["project_id"] as? String == "12345")
        #expect(first["token_type"] as? String == "Bearer")
        #expect(first["access_token"] as? String == first["id_token"] as? String)
        let idToken = try #require(second["id_token"] as? String)
        #expect(try JWTParts(idToken).firebase["tenant"] as? String == tenantID)
    }

    @Test("token: a refresh token and a tenantId for another tenant are TENANT_ID_MISMATCH")
    func refreshTokenMismatch() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let tenantID = try await harness.registerTenant(["allowPasswordSignup": true])
        let signedUp = try await harness.signUp(email: "alice@example.com", tenantID: tenantID)

        let reply = try await harness.post(
            "/securetoken.googleapis.com/v1/token?key=fake-api-key",
            json: [
                "refreshToken": try #require(signedUp["refreshToken"] as? String), "grantType": "refresh_token",
                "tenantId": "other-tenant",
            ])

        #expect(reply.status == 400)
        #expect(
            reply.errorMessage == "TENANT_ID_MISMATCH: ((Refresh token tenant ID does not match target tenant ID.))")
    }

    @Test("accounts:lookup: an ID token alone finds its tenant's user")
    func lookupByTenantToken() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let tenantID = try await harness.registerTenant(["allowPasswordSignup": true])
        let signedUp = try await harness.signUp(email: "alice@example.com", tenantID: tenantID)

        let reply = try await harness.v1(
            "accounts:lookup", ["idToken": try #require(signedUp["idToken"] as? String)]
        ).requireOK()

        let users = try #require(reply["users"] as? [[String: Any]])
        #expect(users.count == 1)
        #expect(users.first?["localId"] as? String == signedUp["localId"] as? String)
    }

    @Test("DELETE /emulator/v1/projects/<p>/tenants/<t>/accounts drops that tenant's accounts only")
    func dropTenantAccounts() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let tenantID = try await harness.registerTenant(["allowPasswordSignup": true])
        let alice = try await harness.signUp(email: "alice@example.com", tenantID: tenantID)
        _ = try await harness.signUp(email: "bob@example.com", tenantID: tenantID)
        _ = try await harness.signUp(email: "carol@example.com")

        let dropped = try await harness.send(
            .delete, "/emulator/v1/projects/\(harness.projectID)/tenants/\(tenantID)/accounts")
        let lookup = try await harness.v1(
            "accounts:lookup", ["idToken": try #require(alice["idToken"] as? String), "tenantId": tenantID])

        #expect(dropped.status == 200)
        #expect(lookup.errorMessage == "USER_NOT_FOUND")
        #expect(harness.backend.accounts(tenantID: tenantID).isEmpty)
        #expect(harness.backend.accounts.map(\.email) == ["carol@example.com"])
    }

    @Test("Deleting a tenant deletes its accounts: a tenant of the same ID starts empty")
    func deletedTenantForgetsAccounts() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let tenantID = try await harness.registerTenant(["allowPasswordSignup": true])
        _ = try await harness.signUp(email: "alice@example.com", tenantID: tenantID)

        let deleted = try await harness.send(
            .delete, "/identitytoolkit.googleapis.com/v2/projects/\(harness.projectID)/tenants/\(tenantID)",
            headers: BackendHarness.owner)

        #expect(deleted.status == 200)
        #expect(harness.backend.accounts(tenantID: tenantID).isEmpty)
    }

    // MARK: rest.spec.ts

    @Test("A tenant in the path and another in the body is TENANT_ID_MISMATCH")
    func pathBodyMismatch() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }

        let reply = try await harness.v1(
            "projects/project-id/tenants/tenant-id/accounts:delete",
            ["localId": "local-id", "tenantId": "mismatching-tenant-id"], key: nil, headers: BackendHarness.owner)

        #expect(reply.status == 400)
        #expect(reply.errorMessage == "TENANT_ID_MISMATCH")
    }

    @Test("A tenant in the path and an ID token of another tenant is TENANT_ID_MISMATCH")
    func pathTokenMismatch() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let tenantID = try await harness.registerTenant(["allowPasswordSignup": true])
        let signedUp = try await harness.signUp(email: "alice@example.com", tenantID: tenantID)

        let reply = try await harness.v1(
            "projects/\(harness.projectID)/tenants/not-matching-tenant-id/accounts:lookup",
            ["idToken": try #require(signedUp["idToken"] as? String)], key: nil, headers: BackendHarness.owner)

        #expect(reply.status == 400)
        #expect(reply.errorMessage == "TENANT_ID_MISMATCH")
    }

    @Test("A tenantId in the body and an ID token of another tenant is TENANT_ID_MISMATCH")
    func bodyTokenMismatch() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let tenantID = try await harness.registerTenant(["allowPasswordSignup": true])
        let signedUp = try await harness.signUp(email: "alice@example.com", tenantID: tenantID)

        let reply = try await harness.v1(
            "projects/\(harness.projectID)/accounts:lookup",
            ["idToken": try #require(signedUp["idToken"] as? String), "tenantId": "not-matching-tenant-id"],
            key: nil, headers: BackendHarness.owner)

        #expect(reply.status == 400)
        #expect(reply.errorMessage == "TENANT_ID_MISMATCH")
    }

    @Test("The tenant's resource path addresses it like a body tenantId: lookup finds the tenant's user")
    func tenantResourcePath() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let tenantID = try await harness.registerTenant(["allowPasswordSignup": true])
        let signedUp = try await harness.signUp(email: "alice@example.com", tenantID: tenantID)
        let localId = try #require(signedUp["localId"] as? String)

        let found = try await harness.v1(
            "projects/\(harness.projectID)/tenants/\(tenantID)/accounts:lookup", ["localId": [localId]], key: nil,
            headers: BackendHarness.owner
        ).requireOK()
        let inProject = try await harness.v1(
            "projects/\(harness.projectID)/accounts:lookup", ["localId": [localId]], key: nil,
            headers: BackendHarness.owner
        ).requireOK()

        #expect((found["users"] as? [[String: Any]])?.first?["localId"] as? String == localId)
        #expect(inProject["users"] == nil)
    }

    @Test("A project user's ID token sent with a tenantId finds no user there (the token belongs to the project)")
    func projectTokenInTenant() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let tenantID = try await harness.registerTenant(["allowPasswordSignup": true])
        let signedUp = try await harness.signUp(email: "alice@example.com")

        let reply = try await harness.v1(
            "accounts:lookup", ["idToken": try #require(signedUp["idToken"] as? String), "tenantId": tenantID])

        #expect(reply.errorMessage == "USER_NOT_FOUND")
    }

    @Test("targetProjectId (admin) addresses another project's own state; its tokens name that project")
    func targetProject() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }

        let created = try await harness.v1(
            "accounts:signUp",
            ["targetProjectId": "other-project", "email": "alice@example.com", "password": "secret-password"],
            key: nil, headers: BackendHarness.owner
        ).requireOK()
        let signedIn = try await harness.v1(
            "accounts:signInWithPassword",
            ["targetProjectId": "other-project", "email": "alice@example.com", "password": "secret-password"],
            key: nil, headers: BackendHarness.owner
        ).requireOK()

        #expect(created["localId"] is String)
        #expect(harness.backend.accounts.isEmpty)
        #expect(try JWTParts(try #require(signedIn["idToken"] as? String)).claims["aud"] as? String == "other-project")
    }
}

extension Data {
    fileprivate var base64URL: String {
        base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
