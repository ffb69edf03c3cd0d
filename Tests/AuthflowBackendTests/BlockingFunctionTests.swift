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
        let functions = try BlockingFunctionServer()
        try await functions.register(["beforeCreate"], on: harness)
        try functions.reply("beforeCreate", userRecord: BlockingValues.everything(session: false))

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
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let functions = try BlockingFunctionServer()
        try await functions.register(["beforeSignIn"], on: harness)
        try functions.reply("beforeSignIn", userRecord: BlockingValues.everything(session: true))

        let reply = try await Self.signUp(harness).requireOK()

        #expect(reply["displayName"] as? String == BlockingValues.displayName)
        try BlockingValues.expectEverything(reply["idToken"], session: true)
    }

    @Test("beforeSignIn's fields overwrite beforeCreate's")
    func signInOverwritesCreate() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let functions = try BlockingFunctionServer()
        try await functions.register(["beforeCreate", "beforeSignIn"], on: harness)
        try functions.reply("beforeCreate", userRecord: BlockingValues.older)
        try functions.reply("beforeSignIn", userRecord: BlockingValues.everything(session: true))

        let reply = try await Self.signUp(harness).requireOK()

        try BlockingValues.expectEverything(reply["idToken"], session: true)
        #expect(functions.requests("beforeCreate").count == 1)
        #expect(functions.requests("beforeSignIn").count == 1)
    }

    @Test("beforeCreate disabling the account: USER_DISABLED, and the account is stored disabled")
    func disable() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let functions = try BlockingFunctionServer()
        try await functions.register(["beforeCreate"], on: harness)
        try functions.reply("beforeCreate", userRecord: ["updateMask": "disabled", "disabled": true])

        let reply = try await Self.signUp(harness)

        #expect(reply.status == 400)
        #expect(reply.errorMessage == "USER_DISABLED")
        #expect(harness.backend.accounts.map(\.disabled) == [true])
    }

    @Test("A privileged (Bearer owner) signUp calls no function")
    func privileged() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let functions = try BlockingFunctionServer()
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
        let functions = try BlockingFunctionServer()
        try await functions.register(["beforeSignIn"], on: harness)
        try functions.reply("beforeSignIn", userRecord: BlockingValues.everything(session: true))

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
        let functions = try BlockingFunctionServer()
        try await functions.register(["beforeSignIn"], on: harness)
        try functions.reply("beforeSignIn", userRecord: ["updateMask": "disabled", "disabled": true])

        let reply = try await Self.signIn(harness)

        #expect(reply.status == 400)
        #expect(reply.errorMessage == "USER_DISABLED")
    }

    @Test("An account with a second factor gets its pending credential; no function is called")
    func secondFactor() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        _ = try await BlockingMFA.enrolledAccount(harness, email: "alice@example.com", password: "notasecret")
        let functions = try BlockingFunctionServer()
        try await functions.register(["beforeSignIn"], on: harness)
        try functions.reply("beforeSignIn", userRecord: ["updateMask": "disabled", "disabled": true])

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
