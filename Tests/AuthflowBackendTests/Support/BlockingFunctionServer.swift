import AuthflowHTTP
import AuthflowListener
import AuthflowPrimitives
import AuthflowTestSupport
import Foundation
import Synchronization
import Testing

/// A real loopback HTTP server playing the project's blocking functions at `/beforeCreate` and
/// `/beforeSignIn`: each path answers the reply set for it (404 when none), and every request is kept so a test
/// can read the JWT the backend sent.
final class BlockingFunctionServer: Sendable {
    private final class Replies: Sendable {
        let table = Mutex<[String: LoopbackResponse]>([:])
    }

    private let replies = Replies()
    private let recording: RecordingServer

    init() throws {
        let replies = self.replies
        recording = try RecordingServer { request in
            replies.table.withLock { $0[request.path] } ?? .text("no reply set", status: 404)
        }
    }

    deinit { recording.stop() }

    func stop() { recording.stop() }

    /// A server whose functions, registered on `harness`, answer with the given `userRecord` for each event.
    static func started(
        on harness: BackendHarness, userRecords: [String: [String: Any]]
    ) async throws -> BlockingFunctionServer {
        let functions = try BlockingFunctionServer()
        for (event, record) in userRecords { try functions.reply(event, userRecord: record) }
        try await functions.register(userRecords.keys.sorted(), on: harness)
        return functions
    }

    func url(_ event: String) -> String { recording.url("/\(event)") }

    /// Makes `/<event>` answer 200 with `userRecord` as `{"userRecord": …}`.
    func reply(_ event: String, userRecord: [String: Any]) throws {
        try reply(event, json: ["userRecord": userRecord])
    }

    func reply(_ event: String, json: [String: Any], status: Int = 200) throws {
        let body = try JSONSerialization.data(withJSONObject: json)
        let json = HTTPHeader(name: "Content-Type", value: "application/json")
        reply(event, LoopbackResponse(status: status, headers: [json], body: Array(body)))
    }

    func reply(_ event: String, _ response: LoopbackResponse) {
        replies.table.withLock { $0["/\(event)"] = response }
    }

    /// The requests each path received, in order.
    func requests(_ event: String) -> [LoopbackRequest] {
        recording.requests.filter { $0.path == "/\(event)" }
    }

    /// The claims of the JWT in the last request to `/<event>`'s `{"data":{"jwt":…}}` body.
    func lastJWT(_ event: String) throws -> JWTParts {
        let request = try #require(requests(event).last, "no request reached /\(event)")
        let body = try JSONSerialization.jsonObject(with: Data(request.body)) as? [String: Any]
        let jwt = try #require((body?["data"] as? [String: Any])?["jwt"] as? String)
        return try JWTParts(jwt)
    }

    /// Registers the functions for `events` through the v2 config (`updateMask=blockingFunctions`).
    func register(_ events: [String], on harness: BackendHarness) async throws {
        var triggers: [String: Any] = [:]
        for event in events { triggers[event] = ["functionUri": url(event)] }
        let body = try JSONSerialization.data(withJSONObject: ["blockingFunctions": ["triggers": triggers]])
        _ = try await harness.send(
            .patch,
            "/identitytoolkit.googleapis.com/v2/projects/\(harness.projectID)/config?updateMask=blockingFunctions",
            body: Array(body),
            headers: BackendHarness.owner + [HTTPHeader(name: "Content-Type", value: "application/json")]
        ).requireOK()
    }
}

/// Values the blocking-function tests use, as the emulator's specs do.
enum BlockingValues {
    static let displayName = "Example User"
    static let photoUrl = "http://localhost/photo.png"

    /// The reply fields that change every modifiable field, session claims included when `session`.
    static func everything(session: Bool) -> [String: Any] {
        var record: [String: Any] = [
            "updateMask": "displayName,photoUrl,emailVerified,customClaims" + (session ? ",sessionClaims" : ""),
            "displayName": displayName, "photoUrl": photoUrl, "emailVerified": true,
            "customClaims": ["customAttribute": "custom"],
        ]
        if session { record["sessionClaims"] = ["sessionAttribute": "session"] }
        return record
    }

    static var older: [String: Any] {
        [
            "updateMask": "displayName,photoUrl,emailVerified,customClaims", "displayName": "oldDisplayName",
            "photoUrl": "oldPhotoUrl", "emailVerified": false, "customClaims": ["customAttribute": "oldCustom"],
        ]
    }

    /// Checks an ID token carries every change of ``everything(session:)``.
    static func expectEverything(_ idToken: Any?, session: Bool) throws {
        let claims = try JWTParts(try #require(idToken as? String)).claims
        #expect(claims["name"] as? String == displayName)
        #expect(claims["picture"] as? String == photoUrl)
        #expect(claims["email_verified"] as? Bool == true)
        #expect(claims["customAttribute"] as? String == "custom")
        if session { #expect(claims["sessionAttribute"] as? String == "session") }
    }
}

/// The checks several sign-in methods share in the emulator's specs, each on a fresh backend: `signIn` is the
/// method's request, creating the account.
enum BlockingScenarios {
    typealias SignIn = (BackendHarness) async throws -> Reply

    /// `beforeSignIn`'s changes and session claims reach the new account's token.
    static func beforeSignInChanges(_ signIn: SignIn) async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let functions = try await BlockingFunctionServer.started(
            on: harness, userRecords: ["beforeSignIn": BlockingValues.everything(session: true)])
        defer { functions.stop() }

        let reply = try await signIn(harness).requireOK()

        try BlockingValues.expectEverything(reply["idToken"], session: true)
        #expect(functions.requests("beforeSignIn").count == 1)
    }

    /// Both functions change the same fields; `beforeSignIn`'s values are the ones in the token.
    static func signInOverwritesCreate(_ signIn: SignIn) async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let functions = try await BlockingFunctionServer.started(
            on: harness,
            userRecords: [
                "beforeCreate": BlockingValues.older, "beforeSignIn": BlockingValues.everything(session: true),
            ])
        defer { functions.stop() }

        let reply = try await signIn(harness).requireOK()

        try BlockingValues.expectEverything(reply["idToken"], session: true)
        #expect(functions.requests("beforeCreate").count == 1)
        #expect(functions.requests("beforeSignIn").count == 1)
    }

    /// `beforeCreate` disables the account: `USER_DISABLED`, the account stored disabled, no `beforeSignIn`.
    static func disabledByBeforeCreate(_ signIn: SignIn) async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let functions = try await BlockingFunctionServer.started(
            on: harness,
            userRecords: [
                "beforeCreate": ["updateMask": "disabled", "disabled": true],
                "beforeSignIn": ["updateMask": "displayName", "displayName": "never"],
            ])
        defer { functions.stop() }

        let reply = try await signIn(harness)

        #expect(reply.status == 400)
        #expect(reply.errorMessage == "USER_DISABLED")
        #expect(harness.backend.accounts.map(\.disabled) == [true])
        #expect(functions.requests("beforeSignIn").isEmpty)
    }
}
