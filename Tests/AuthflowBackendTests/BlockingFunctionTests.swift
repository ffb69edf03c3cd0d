import AuthflowBackend
import AuthflowHTTP
import AuthflowListener
import AuthflowPrimitives
import AuthflowTestSupport
import Foundation
import Testing

/// The "when blocking functions are present" cases of the emulator's `signUp.spec.ts`: the functions are a
/// real loopback server (``BlockingFunctionServer``), registered through the v2 config.
@Suite("Blocking functions: signUp")
struct SignUpBlockingFunctionTests {
    static func signUp(_ harness: BackendHarness) async throws -> Reply {
        try await harness.v1("accounts:signUp", ["email": "me@example.com", "password": "notasecret"])
    }

    @Test("beforeCreate's changes reach the new email/password account and its token")
    func beforeCreate() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let functions = try await BlockingFunctionServer.started(
            on: harness, userRecords: ["beforeCreate": BlockingValues.everything(session: false)])
        defer { functions.stop() }

        let reply = try await Self.signUp(harness).requireOK()

        #expect(reply["refreshToken"] is String)
        #expect(reply["displayName"] as? String == BlockingValues.displayName)
        try BlockingValues.expectEverything(reply["idToken"], session: false)
        let firebase = try JWTParts(try #require(reply["idToken"] as? String)).firebase
        #expect(firebase["sign_in_provider"] as? String == "password")
        #expect((firebase["identities"] as? [String: [String]])?["email"] == ["me@example.com"])
    }

    @Test("beforeSignIn's changes and session claims reach the new account's token")
    func beforeSignIn() async throws {
        try await BlockingScenarios.beforeSignInChanges { try await Self.signUp($0) }
    }

    @Test("beforeSignIn's fields overwrite beforeCreate's")
    func signInOverwritesCreate() async throws {
        try await BlockingScenarios.signInOverwritesCreate { try await Self.signUp($0) }
    }

    @Test("beforeCreate disabling the account: USER_DISABLED, and the account is stored disabled")
    func disable() async throws {
        try await BlockingScenarios.disabledByBeforeCreate { try await Self.signUp($0) }
    }

    @Test("A privileged (Bearer owner) signUp calls no function")
    func privileged() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let functions = try BlockingFunctionServer()
        defer { functions.stop() }
        try await functions.register(["beforeCreate", "beforeSignIn"], on: harness)
        functions.reply("beforeCreate", .text("refused", status: 400))
        functions.reply("beforeSignIn", .text("refused", status: 400))

        let reply = try await harness.v1(
            "accounts:signUp", ["phoneNumber": "+15555550100", "displayName": "Alice"], key: nil,
            headers: BackendHarness.owner
        ).requireOK()

        #expect(reply["idToken"] == nil)
        #expect(reply["refreshToken"] == nil)
        #expect(reply["displayName"] as? String == "Alice")
        #expect((reply["localId"] as? String)?.isEmpty == false)
        #expect(functions.requests("beforeCreate").isEmpty)
        #expect(functions.requests("beforeSignIn").isEmpty)
    }
}

/// The "when blocking functions are present" cases of the emulator's `password.spec.ts`.
@Suite("Blocking functions: signInWithPassword")
struct PasswordBlockingFunctionTests {
    static func signIn(_ harness: BackendHarness) async throws -> Reply {
        try await harness.v1("accounts:signInWithPassword", ["email": "alice@example.com", "password": "notasecret"])
    }

    @Test("beforeSignIn's changes and session claims reach the token")
    func modifiable() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let signedUp = try await harness.signUp(email: "alice@example.com", password: "notasecret")
        let functions = try await BlockingFunctionServer.started(
            on: harness, userRecords: ["beforeSignIn": BlockingValues.everything(session: true)])
        defer { functions.stop() }

        let reply = try await Self.signIn(harness).requireOK()

        #expect(reply["localId"] as? String == signedUp["localId"] as? String)
        #expect(reply["email"] as? String == "alice@example.com")
        #expect(reply["registered"] as? Bool == true)
        #expect(reply["refreshToken"] is String)
        let token = try JWTParts(try #require(reply["idToken"] as? String))
        #expect(token.header["alg"] as? String == "none")
        try BlockingValues.expectEverything(reply["idToken"], session: true)
    }

    @Test("beforeSignIn disabling the account: USER_DISABLED")
    func disable() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        _ = try await harness.signUp(email: "alice@example.com", password: "notasecret")
        let functions = try await BlockingFunctionServer.started(
            on: harness, userRecords: ["beforeSignIn": ["updateMask": "disabled", "disabled": true]])
        defer { functions.stop() }

        let reply = try await Self.signIn(harness)

        #expect(reply.status == 400)
        #expect(reply.errorMessage == "USER_DISABLED")
    }

    @Test("An account with a second factor gets its pending credential; no function is called")
    func secondFactor() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        _ = try await BlockingMFA.enrolledAccount(harness, email: "alice@example.com", password: "notasecret")
        let functions = try await BlockingFunctionServer.started(
            on: harness, userRecords: ["beforeSignIn": ["updateMask": "disabled", "disabled": true]])
        defer { functions.stop() }

        let reply = try await Self.signIn(harness).requireOK()

        #expect(reply["idToken"] == nil)
        #expect(reply["refreshToken"] == nil)
        #expect(reply["mfaPendingCredential"] is String)
        #expect((reply["mfaInfo"] as? [Any])?.count == 1)
        #expect(functions.requests("beforeSignIn").isEmpty)
    }
}

/// An account with an SMS second factor, enrolled through the REST API.
enum BlockingMFA {
    static let phoneNumber = "+15555550199"

    static func enrolledAccount(
        _ harness: BackendHarness, email: String, password: String
    ) async throws -> String {
        let (idToken, localId) = try await harness.verifiedAccount(email: email, password: password)
        let started = try await harness.v2(
            "accounts/mfaEnrollment:start", ["idToken": idToken, "phoneEnrollmentInfo": ["phoneNumber": phoneNumber]]
        ).requireOK()
        let session = try #require((started["phoneSessionInfo"] as? [String: Any])?["sessionInfo"] as? String)
        let code = try await harness.code(for: session)
        _ = try await harness.v2(
            "accounts/mfaEnrollment:finalize",
            ["idToken": idToken, "phoneVerificationInfo": ["sessionInfo": session, "code": code]]
        ).requireOK()
        return localId
    }

    /// The first factor, `mfaSignIn:start` and the code: the body `mfaSignIn:finalize` needs.
    static func finalizeBody(_ harness: BackendHarness, email: String, password: String) async throws -> [String: Any] {
        let first = try await harness.v1("accounts:signInWithPassword", ["email": email, "password": password])
            .requireOK()
        let pending = try #require(first["mfaPendingCredential"] as? String)
        let enrollmentId = try #require((first["mfaInfo"] as? [[String: Any]])?.first?["mfaEnrollmentId"] as? String)
        let started = try await harness.v2(
            "accounts/mfaSignIn:start", ["mfaPendingCredential": pending, "mfaEnrollmentId": enrollmentId]
        ).requireOK()
        let session = try #require((started["phoneResponseInfo"] as? [String: Any])?["sessionInfo"] as? String)
        let code = try await harness.code(for: session)
        return ["mfaPendingCredential": pending, "phoneVerificationInfo": ["sessionInfo": session, "code": code]]
    }
}

/// The "when blocking functions are present" cases of the emulator's `emailLink.spec.ts`.
@Suite("Blocking functions: signInWithEmailLink")
struct EmailLinkBlockingFunctionTests {
    static let email = "alice@example.com"

    /// Sends a sign-in link and follows it with `accounts:signInWithEmailLink`.
    static func signIn(_ harness: BackendHarness, email: String = email) async throws -> Reply {
        _ = try await harness.v1(
            "accounts:sendOobCode",
            ["requestType": "EMAIL_SIGNIN", "email": email, "continueUrl": "http://localhost/done"]
        ).requireOK()
        let code = try #require(harness.backend.oobCodes.last?.oobCode)
        return try await harness.v1("accounts:signInWithEmailLink", ["oobCode": code, "email": email])
    }

    @Test("beforeCreate's changes reach the new account's token")
    func creation() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let functions = try await BlockingFunctionServer.started(
            on: harness, userRecords: ["beforeCreate": BlockingValues.everything(session: false)])
        defer { functions.stop() }

        let reply = try await Self.signIn(harness).requireOK()

        #expect(reply["email"] as? String == Self.email)
        #expect(reply["isNewUser"] as? Bool == true)
        try BlockingValues.expectEverything(reply["idToken"], session: false)
    }

    @Test("beforeCreate's JWT: sign_in_method emailLink, the uid, the verified email and a creation time")
    func beforeCreateJWT() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let functions = try await BlockingFunctionServer.started(
            on: harness, userRecords: ["beforeCreate": ["updateMask": "displayName", "displayName": "Not tested"]])
        defer { functions.stop() }

        let reply = try await Self.signIn(harness).requireOK()

        let jwt = try functions.lastJWT("beforeCreate")
        Self.expectUserRecord(jwt, localId: reply["localId"] as? String, emailVerified: true)
        #expect(jwt.header["alg"] as? String == "none")
        #expect(jwt.claims["event_type"] as? String == "beforeCreate")
        #expect(jwt.claims["aud"] as? String == functions.url("beforeCreate"))
        #expect(jwt.claims["iss"] as? String == "https://securetoken.google.com/\(harness.projectID)")
    }

    @Test("beforeSignIn's JWT: sign_in_method emailLink, the uid, the verified email and a creation time")
    func beforeSignInJWT() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let functions = try await BlockingFunctionServer.started(
            on: harness, userRecords: ["beforeSignIn": ["updateMask": "displayName", "displayName": "Not tested"]])
        defer { functions.stop() }

        let reply = try await Self.signIn(harness).requireOK()

        let jwt = try functions.lastJWT("beforeSignIn")
        Self.expectUserRecord(jwt, localId: reply["localId"] as? String, emailVerified: true)
        #expect(jwt.claims["event_type"] as? String == "beforeSignIn")
    }

    @Test("beforeSignIn's JWT carries the fields beforeCreate changed")
    func beforeSignInSeesBeforeCreate() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let functions = try BlockingFunctionServer()
        defer { functions.stop() }
        try await functions.register(["beforeCreate", "beforeSignIn"], on: harness)
        var changes = BlockingValues.everything(session: false)
        changes["emailVerified"] = false
        try functions.reply("beforeCreate", userRecord: changes)
        try functions.reply("beforeSignIn", userRecord: ["updateMask": "displayName", "displayName": "Not tested"])

        let reply = try await Self.signIn(harness).requireOK()

        let jwt = try functions.lastJWT("beforeSignIn")
        Self.expectUserRecord(jwt, localId: reply["localId"] as? String, emailVerified: false)
        let record = jwt.claims["user_record"] as? [String: Any]
        #expect(record?["display_name"] as? String == BlockingValues.displayName)
        #expect(record?["photo_url"] as? String == BlockingValues.photoUrl)
        let customClaims = record?["custom_claims"] as? [String: Any] ?? [:]
        #expect(NSDictionary(dictionary: customClaims) == ["customAttribute": "custom"])
    }

    @Test("beforeSignIn's changes and session claims reach the new account's token")
    func beforeSignIn() async throws {
        try await BlockingScenarios.beforeSignInChanges { try await Self.signIn($0) }
    }

    @Test("beforeSignIn's fields overwrite beforeCreate's")
    func signInOverwritesCreate() async throws {
        try await BlockingScenarios.signInOverwritesCreate { try await Self.signIn($0) }
    }

    @Test("beforeSignIn's changes reach an existing account's token; isNewUser is false")
    func existing() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let signedUp = try await harness.signUp(email: Self.email, password: "notasecret")
        let functions = try await BlockingFunctionServer.started(
            on: harness, userRecords: ["beforeSignIn": BlockingValues.everything(session: true)])
        defer { functions.stop() }

        let reply = try await Self.signIn(harness).requireOK()

        #expect(reply["localId"] as? String == signedUp["localId"] as? String)
        #expect(reply["email"] as? String == Self.email)
        #expect(reply["isNewUser"] as? Bool == false)
        try BlockingValues.expectEverything(reply["idToken"], session: true)
    }

    @Test("beforeCreate disabling the new account: USER_DISABLED")
    func disable() async throws {
        try await BlockingScenarios.disabledByBeforeCreate { try await Self.signIn($0) }
    }

    static func expectUserRecord(_ jwt: JWTParts, localId: String?, emailVerified: Bool) {
        #expect(jwt.claims["sign_in_method"] as? String == "emailLink")
        let record = jwt.claims["user_record"] as? [String: Any]
        #expect((record?["uid"] as? String).map { !$0.isEmpty } == true)
        #expect(record?["uid"] as? String == localId)
        #expect(record?["email"] as? String == email)
        #expect(record?["email_verified"] as? Bool == emailVerified)
        #expect((record?["metadata"] as? [String: Any])?["creation_time"] is NSNumber)
    }
}

/// The "when blocking functions are present" cases of the emulator's `idp.spec.ts`.
@Suite("Blocking functions: signInWithIdp")
struct IdpBlockingFunctionTests {
    static let claims =
        #"{"sub":"123456789012345678901","iss":"","aud":"","exp":0,"iat":0,"#
        + #""email":"foo@example.com","email_verified":true}"#

    static func signIn(_ harness: BackendHarness) async throws -> Reply {
        let encoded = try #require(claims.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
        return try await harness.v1(
            "accounts:signInWithIdp",
            ["postBody": "providerId=google.com&id_token=\(encoded)", "requestUri": "http://localhost"])
    }

    static func expectGoogle(_ idToken: Any?) throws {
        let firebase = try JWTParts(try #require(idToken as? String)).firebase
        #expect(firebase["sign_in_provider"] as? String == "google.com")
        #expect((firebase["identities"] as? [String: [String]])?["google.com"] == ["123456789012345678901"])
    }

    @Test("beforeCreate's changes reach a new account's token")
    func beforeCreate() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let functions = try await BlockingFunctionServer.started(
            on: harness, userRecords: ["beforeCreate": BlockingValues.everything(session: false)])
        defer { functions.stop() }

        let reply = try await Self.signIn(harness).requireOK()

        #expect(reply["isNewUser"] as? Bool == true)
        try Self.expectGoogle(reply["idToken"])
        try BlockingValues.expectEverything(reply["idToken"], session: false)
        let jwt = try functions.lastJWT("beforeCreate")
        #expect(jwt.claims["sign_in_method"] as? String == "google.com")
        #expect(jwt.claims["raw_user_info"] as? String == reply["rawUserInfo"] as? String)
        #expect((jwt.claims["raw_user_info"] as? String)?.contains("123456789012345678901") == true)
        let providers = (jwt.claims["user_record"] as? [String: Any])?["provider_data"] as? [[String: Any]]
        #expect(providers?.first?["uid"] as? String == "123456789012345678901")
    }

    @Test("beforeSignIn's changes and session claims reach a new account's token")
    func beforeSignIn() async throws {
        try await BlockingScenarios.beforeSignInChanges { try await Self.signIn($0) }
    }

    @Test("beforeSignIn's fields overwrite beforeCreate's for a new account")
    func signInOverwritesCreate() async throws {
        try await BlockingScenarios.signInOverwritesCreate { try await Self.signIn($0) }
    }

    @Test("beforeSignIn's changes reach an existing account's token")
    func existing() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        _ = try await harness.signUp(email: "foo@example.com", password: "notasecret")
        _ = try await Self.signIn(harness).requireOK()
        let functions = try await BlockingFunctionServer.started(
            on: harness, userRecords: ["beforeSignIn": BlockingValues.everything(session: true)])
        defer { functions.stop() }

        let reply = try await Self.signIn(harness).requireOK()

        #expect(reply["isNewUser"] as? Bool != true)
        try Self.expectGoogle(reply["idToken"])
        try BlockingValues.expectEverything(reply["idToken"], session: true)
    }

    @Test("A function disabling the account: USER_DISABLED")
    func disable() async throws {
        try await BlockingScenarios.disabledByBeforeCreate { try await Self.signIn($0) }
    }
}

/// The "when blocking functions are present" cases of the emulator's `phone.spec.ts`.
@Suite("Blocking functions: signInWithPhoneNumber")
struct PhoneBlockingFunctionTests {
    static let phoneNumber = "+15555550100"

    static func signIn(_ harness: BackendHarness) async throws -> Reply {
        let (sessionInfo, code) = try await harness.sendCode(to: phoneNumber)
        return try await harness.v1("accounts:signInWithPhoneNumber", ["sessionInfo": sessionInfo, "code": code])
    }

    @Test("beforeCreate's changes reach a new account's token")
    func newAccount() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let functions = try await BlockingFunctionServer.started(
            on: harness, userRecords: ["beforeCreate": BlockingValues.everything(session: false)])
        defer { functions.stop() }

        let reply = try await Self.signIn(harness).requireOK()

        #expect(reply["isNewUser"] as? Bool == true)
        #expect(reply["phoneNumber"] as? String == Self.phoneNumber)
        try BlockingValues.expectEverything(reply["idToken"], session: false)
        #expect(try functions.lastJWT("beforeCreate").claims["sign_in_method"] as? String == "phone")
    }

    @Test("beforeSignIn's changes and session claims reach an existing account's token")
    func existing() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        _ = try await Self.signIn(harness).requireOK()
        let functions = try await BlockingFunctionServer.started(
            on: harness, userRecords: ["beforeSignIn": BlockingValues.everything(session: true)])
        defer { functions.stop() }

        let reply = try await Self.signIn(harness).requireOK()

        #expect(reply["isNewUser"] as? Bool == false)
        #expect(reply["refreshToken"] is String)
        try BlockingValues.expectEverything(reply["idToken"], session: true)
    }

    @Test("beforeSignIn's fields overwrite beforeCreate's")
    func signInOverwritesCreate() async throws {
        try await BlockingScenarios.signInOverwritesCreate { try await Self.signIn($0) }
    }

    @Test("A function disabling the account: USER_DISABLED")
    func disable() async throws {
        try await BlockingScenarios.disabledByBeforeCreate { try await Self.signIn($0) }
    }
}

/// The "when blocking functions are present" cases of the emulator's `mfa.spec.ts`.
@Suite("Blocking functions: mfaSignIn:finalize")
struct MFABlockingFunctionTests {
    @Test("beforeSignIn's changes and session claims reach the second-factor token")
    func modifiable() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        _ = try await BlockingMFA.enrolledAccount(harness, email: "bob@example.com", password: "notasecret")
        let body = try await BlockingMFA.finalizeBody(harness, email: "bob@example.com", password: "notasecret")
        let functions = try await BlockingFunctionServer.started(
            on: harness, userRecords: ["beforeSignIn": BlockingValues.everything(session: true)])
        defer { functions.stop() }

        let reply = try await harness.v2("accounts/mfaSignIn:finalize", body).requireOK()

        #expect(reply["refreshToken"] is String)
        let firebase = try JWTParts(try #require(reply["idToken"] as? String)).firebase
        #expect(firebase["sign_in_second_factor"] as? String == "phone")
        #expect((firebase["second_factor_identifier"] as? String)?.isEmpty == false)
        try BlockingValues.expectEverything(reply["idToken"], session: true)
        let jwt = try functions.lastJWT("beforeSignIn")
        #expect(jwt.claims["sign_in_second_factor"] as? String == "phone")
        let factors =
            ((jwt.claims["user_record"] as? [String: Any])?["multi_factor"] as? [String: Any])?[
                "enrolled_factors"] as? [[String: Any]]
        #expect(factors?.first?["phone_number"] as? String == BlockingMFA.phoneNumber)
    }

    @Test("beforeSignIn disabling the account: USER_DISABLED")
    func disable() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        _ = try await BlockingMFA.enrolledAccount(harness, email: "bob@example.com", password: "notasecret")
        let body = try await BlockingMFA.finalizeBody(harness, email: "bob@example.com", password: "notasecret")
        let functions = try await BlockingFunctionServer.started(
            on: harness, userRecords: ["beforeSignIn": ["updateMask": "disabled", "disabled": true]])
        defer { functions.stop() }

        let reply = try await harness.v2("accounts/mfaSignIn:finalize", body)

        #expect(reply.status == 400)
        #expect(reply.errorMessage == "USER_DISABLED")
    }
}
