import AuthflowBackend
import AuthflowHTTP
import AuthflowListener
import AuthflowPrimitives
import AuthflowTestSupport
import Foundation
import Synchronization
import Testing

/// How the backend treats a blocking function that fails or answers badly, and how the call sits beside the
/// state lock: the emulator's `fetchBlockingFunction` error replies, checked against a real loopback function.
@Suite("Blocking functions: failures and the state lock")
struct BlockingFunctionReplyTests {
    static func signUp(_ harness: BackendHarness, email: String = "me@example.com") async throws -> Reply {
        try await harness.v1("accounts:signUp", ["email": email, "password": "notasecret"])
    }

    @Test("A non-2xx answer is 400 with the status and body; beforeCreate failing creates no account")
    func errorStatus() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let functions = try BlockingFunctionServer()
        defer { functions.stop() }
        try await functions.register(["beforeCreate"], on: harness)
        functions.reply("beforeCreate", .text("nope", status: 500))

        let reply = try await Self.signUp(harness)

        #expect(reply.status == 400)
        let url = functions.url("beforeCreate")
        #expect(
            reply.errorMessage
                == "BLOCKING_FUNCTION_ERROR_RESPONSE : ((HTTP request to \(url) returned HTTP error 500: nope))")
        #expect(harness.backend.accounts.isEmpty)
    }

    @Test("The run stopped for beforeSignIn is undone: the new account is stored and indexed once")
    func stoppedRunUndone() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let functions = try await BlockingFunctionServer.started(
            on: harness, userRecords: ["beforeSignIn": ["displayName": "Signed In", "updateMask": "displayName"]])
        defer { functions.stop() }

        let created = try await Self.signUp(harness).requireOK()
        let signedIn = try await harness.v1(
            "accounts:signInWithPassword", ["email": "me@example.com", "password": "notasecret"]
        ).requireOK()

        #expect(harness.backend.accounts.map(\.localID) == [try #require(created["localId"] as? String)])
        #expect(signedIn["localId"] as? String == created["localId"] as? String)
        #expect(try await harness.signInMethods("me@example.com") == ["password"])
        #expect(try await Self.signUp(harness).errorMessage == "EMAIL_EXISTS")
    }

    @Test("beforeSignIn failing after the account was created leaves the account, as in the emulator")
    func signInFailsAfterCreate() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let functions = try BlockingFunctionServer()
        defer { functions.stop() }
        try await functions.register(["beforeSignIn"], on: harness)
        functions.reply("beforeSignIn", .text("nope", status: 403))

        let reply = try await Self.signUp(harness)

        #expect(reply.status == 400)
        #expect(reply.errorMessage?.hasPrefix("BLOCKING_FUNCTION_ERROR_RESPONSE : ((HTTP request to ") == true)
        #expect(harness.backend.accounts.map(\.email) == ["me@example.com"])
    }

    @Test("A body that is not JSON is 500 INTERNAL")
    func notJSON() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let functions = try BlockingFunctionServer()
        defer { functions.stop() }
        try await functions.register(["beforeCreate"], on: harness)
        functions.reply("beforeCreate", .text("<html>not json"))

        let reply = try await Self.signUp(harness)

        #expect(reply.status == 500)
        #expect(reply.errorObject?["status"] as? String == "INTERNAL")
        #expect(reply.errorMessage == "BLOCKING_FUNCTION_ERROR_RESPONSE : ((Response body is not valid JSON.))")
    }

    @Test("A userRecord without updateMask is 400")
    func missingMask() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let functions = try await BlockingFunctionServer.started(
            on: harness, userRecords: ["beforeCreate": ["displayName": "x"]])
        defer { functions.stop() }

        let reply = try await Self.signUp(harness)

        #expect(reply.status == 400)
        #expect(
            reply.errorMessage == "BLOCKING_FUNCTION_ERROR_RESPONSE : ((Response UserRecord is missing updateMask.))")
    }

    @Test("A reply without userRecord changes nothing")
    func noUserRecord() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let functions = try BlockingFunctionServer()
        defer { functions.stop() }
        try await functions.register(["beforeCreate"], on: harness)
        try functions.reply("beforeCreate", json: [:])

        let reply = try await Self.signUp(harness).requireOK()

        let claims = try JWTParts(try #require(reply["idToken"] as? String)).claims
        #expect(claims["name"] == nil)
        #expect(claims["email_verified"] as? Bool == false)
    }

    @Test("Custom claims naming a reserved claim are FORBIDDEN_CLAIM")
    func forbiddenClaim() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let functions = try await BlockingFunctionServer.started(
            on: harness, userRecords: ["beforeCreate": ["updateMask": "customClaims", "customClaims": ["iss": "x"]]])
        defer { functions.stop() }

        let reply = try await Self.signUp(harness)

        #expect(reply.status == 400)
        #expect(reply.errorMessage == "FORBIDDEN_CLAIM : iss")
    }

    @Test("Session claims from beforeCreate are ignored; the custom claims stay on the account for later tokens")
    func sessionClaimsOnlyBeforeSignIn() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let functions = try await BlockingFunctionServer.started(
            on: harness, userRecords: ["beforeCreate": BlockingValues.everything(session: true)])
        defer { functions.stop() }

        let reply = try await Self.signUp(harness).requireOK()
        let refreshed = try await harness.post(
            "/securetoken.googleapis.com/v1/token?key=test-api-key",
            json: ["grant_type": "refresh_token", "refresh_token": try #require(reply["refreshToken"] as? String)]
        ).requireOK()

        let claims = try JWTParts(try #require(reply["idToken"] as? String)).claims
        #expect(claims["sessionAttribute"] == nil)
        let later = try JWTParts(try #require(refreshed["id_token"] as? String)).claims
        #expect(later["customAttribute"] as? String == "custom")
    }

    @Test("A function nobody listens at is 500 INTERNAL, failed to make request")
    func unreachable() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let closed = try ClosedPort()
        let url = "http://127.0.0.1:\(closed.port)/beforeCreate"
        let body = JSONWriter.bytes(
            ["blockingFunctions": ["triggers": ["beforeCreate": ["functionUri": .string(url)]]]])
        _ = try await harness.send(
            .patch, "/identitytoolkit.googleapis.com/v2/projects/\(harness.projectID)/config", body: Array(body),
            headers: BackendHarness.owner
        ).requireOK()

        let reply = try await Self.signUp(harness)

        #expect(reply.status == 500)
        #expect(reply.errorMessage == "BLOCKING_FUNCTION_ERROR_RESPONSE : ((Failed to make request to \(url).))")
    }

    @Test("A redirect is not followed: it is the function's HTTP error")
    func redirectRefused() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let functions = try BlockingFunctionServer()
        defer { functions.stop() }
        try await functions.register(["beforeCreate"], on: harness)
        functions.reply("beforeCreate", .redirect(to: functions.url("beforeSignIn")))
        try functions.reply("beforeSignIn", userRecord: ["updateMask": "displayName", "displayName": "followed"])

        let reply = try await Self.signUp(harness)

        #expect(reply.status == 400)
        #expect(reply.errorMessage?.contains("returned HTTP error 302") == true)
        #expect(functions.requests("beforeSignIn").isEmpty)
    }

    @Test("forwardInboundCredentials.idToken puts the IdP's ID token in the JWT; without it, none")
    func forwardedCredentials() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let functions = try BlockingFunctionServer()
        defer { functions.stop() }
        try await functions.register(["beforeCreate"], on: harness)
        try functions.reply("beforeCreate", json: [:])
        let first = try await IdpBlockingFunctionTests.signIn(harness).requireOK()
        let without = try functions.lastJWT("beforeCreate")
        _ = try await ProjectConfigTests.patch(
            harness, ["blockingFunctions": ["forwardInboundCredentials": ["idToken": true]]],
            mask: "blockingFunctions.forwardInboundCredentials"
        ).requireOK()
        _ = try await harness.v1("accounts:delete", ["idToken": try #require(first["idToken"] as? String)])
            .requireOK()

        let second = try await IdpBlockingFunctionTests.signIn(harness).requireOK()

        let with = try functions.lastJWT("beforeCreate")
        #expect(without.claims["oauth_id_token"] == nil)
        #expect(with.claims["oauth_id_token"] as? String == second["oauthIdToken"] as? String)
        #expect(with.claims["oauth_id_token"] != nil)
    }

    @Test("The state lock is free while a function runs: another request completes before the function answers")
    func lockReleasedDuringCall() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let (reached, reachedSignal) = AsyncStream<Void>.makeStream()
        let release = Gate()
        let resumed = Atomic<Bool>(false)
        // The function holds its answer until the test opens the gate (a safety limit only frees it if the test
        // is gone), and records whether it answered.
        let functions = try RecordingServer { _ in
            reachedSignal.yield()
            release.wait(timeout: .seconds(300))
            resumed.store(true, ordering: .sequentiallyConsistent)
            return .text(#"{}"#)
        }
        defer { functions.stop() }
        defer { release.open() }
        let body = JSONWriter.bytes(
            ["blockingFunctions": ["triggers": ["beforeCreate": ["functionUri": .string(functions.url("/f"))]]]])
        _ = try await harness.send(
            .patch, "/identitytoolkit.googleapis.com/v2/projects/\(harness.projectID)/config", body: Array(body),
            headers: BackendHarness.owner
        ).requireOK()
        let patient = HTTPClient(configuration: HTTPClientConfiguration(totalTimeout: .seconds(300), proxy: .none))
        let signUp = HTTPRequest(
            method: .post, url: harness.backend.baseURL + "/identitytoolkit.googleapis.com/v1/accounts:signUp?key=k",
            headers: [HTTPHeader(name: "Content-Type", value: "application/json")],
            body: Array(#"{"email":"me@example.com","password":"notasecret"}"#.utf8))

        let held = Task { try await patient.send(signUp) }
        for await _ in reached { break }
        let meanwhile = try await patient.send(
            HTTPRequest(
                url: harness.backend.baseURL + "/identitytoolkit.googleapis.com/v2/projects/"
                    + "\(harness.projectID)/config", headers: BackendHarness.owner))
        let functionAnsweredFirst = resumed.load(ordering: .sequentiallyConsistent)
        release.open()
        let finished = try await held.value

        #expect(meanwhile.status == 200)
        #expect(!functionAnsweredFirst, "the other request waited for the function: the lock was held")
        #expect(finished.status == 200)
    }
}
