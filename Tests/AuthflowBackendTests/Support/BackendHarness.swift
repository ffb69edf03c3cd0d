import AuthflowBackend
import AuthflowHTTP
import AuthflowListener
import AuthflowPrimitives
import Foundation
import Synchronization
import Testing

/// A running backend on an ephemeral port plus a real HTTP client, for one test.
struct BackendHarness {
    let backend: EmbeddedBackend
    let logs: LogLines
    let client = HTTPClient(
        configuration: HTTPClientConfiguration(totalTimeout: .seconds(60), redirects: .doNotFollow, proxy: .none))

    init(
        emailEnumerationProtection: Bool = false,
        verificationCodeLifetime: Duration? = nil,
        revokeToken: EmbeddedBackend.RevokeTokenBehavior = .accept,
        host: String = "127.0.0.1",
        hostPolicy: LoopbackServer.HostPolicy = .loopback,
        singleProjectMode: EmbeddedBackend.SingleProjectMode = .noWarning,
        allowsRemoteBlockingFunctions: Bool = false
    ) throws {
        let logs = LogLines()
        var configuration = EmbeddedBackend.Configuration(
            host: host, log: { logs.append($0) }, emailEnumerationProtection: emailEnumerationProtection,
            verificationCodeLifetime: verificationCodeLifetime, revokeToken: revokeToken, hostPolicy: hostPolicy
        )
        configuration.singleProjectMode = singleProjectMode
        configuration.allowsRemoteBlockingFunctions = allowsRemoteBlockingFunctions
        backend = try EmbeddedBackend(configuration: configuration)
        self.logs = logs
    }

    var projectID: String { backend.projectID }

    // MARK: Raw requests

    func send(
        _ method: HTTPMethod, _ path: String, body: [UInt8]? = nil, headers: [HTTPHeader] = []
    ) async throws -> Reply {
        let response = try await client.send(
            HTTPRequest(method: method, url: backend.baseURL + path, headers: headers, body: body))
        return Reply(response)
    }

    func get(_ path: String, headers: [HTTPHeader] = []) async throws -> Reply {
        try await send(.get, path, headers: headers)
    }

    /// POSTs `body` as JSON.
    func post(_ path: String, json body: [String: Any], headers: [HTTPHeader] = []) async throws -> Reply {
        let data = try JSONSerialization.data(withJSONObject: body)
        return try await send(
            .post, path, body: Array(data),
            headers: headers + [HTTPHeader(name: "Content-Type", value: "application/json")])
    }

    /// POSTs a form, as a browser submits one.
    func post(_ path: String, form pairs: [(String, String)], headers: [HTTPHeader] = []) async throws -> Reply {
        let body = pairs.map { "\(formEncode($0.0))=\(formEncode($0.1))" }.joined(separator: "&")
        return try await send(
            .post, path, body: Array(body.utf8),
            headers: headers + [HTTPHeader(name: "Content-Type", value: "application/x-www-form-urlencoded")]
        )
    }

    // MARK: REST

    func v1(
        _ name: String, _ body: [String: Any] = [:], key: String? = "test-api-key", headers: [HTTPHeader] = []
    ) async throws -> Reply {
        try await post(
            "/identitytoolkit.googleapis.com/v1/\(name)" + (key.map { "?key=\($0)" } ?? ""), json: body,
            headers: headers)
    }

    func v2(
        _ name: String, _ body: [String: Any] = [:], key: String? = "test-api-key", headers: [HTTPHeader] = []
    ) async throws -> Reply {
        try await post(
            "/identitytoolkit.googleapis.com/v2/\(name)" + (key.map { "?key=\($0)" } ?? ""), json: body,
            headers: headers)
    }

    static let owner = [HTTPHeader(name: "Authorization", value: "Bearer owner")]

    // MARK: Flows

    /// Signs up an email/password account; returns the reply object.
    func signUp(email: String, password: String = "secret-password") async throws -> [String: Any] {
        try await v1("accounts:signUp", ["email": email, "password": password, "returnSecureToken": true]).requireOK()
    }

    /// Sends an SMS code and reads it back from the emulator API, as tests of the real emulator do.
    func sendCode(to phoneNumber: String) async throws -> (sessionInfo: String, code: String) {
        let sent = try await v1("accounts:sendVerificationCode", ["phoneNumber": phoneNumber]).requireOK()
        let sessionInfo = try #require(sent["sessionInfo"] as? String)
        return (sessionInfo, try await code(for: sessionInfo))
    }

    func code(for sessionInfo: String) async throws -> String {
        let listed = try await get("/emulator/v1/projects/\(projectID)/verificationCodes").requireOK()
        let codes = try #require(listed["verificationCodes"] as? [[String: Any]])
        let entry = try #require(codes.first { $0["sessionInfo"] as? String == sessionInfo })
        return try #require(entry["code"] as? String)
    }

    /// Signs up, then verifies the email through the emulator's oob link.
    func verifiedAccount(
        email: String, password: String = "secret-password"
    ) async throws -> (idToken: String, localId: String) {
        let signedUp = try await signUp(email: email, password: password)
        let idToken = try #require(signedUp["idToken"] as? String)
        _ = try await v1("accounts:sendOobCode", ["requestType": "VERIFY_EMAIL", "idToken": idToken]).requireOK()
        let link = try #require(backend.oobCodes.last?.oobLink)
        let opened = try await get(String(link.dropFirst(backend.baseURL.count)))
        #expect(opened.status == 200, "verifyEmail link answered \(opened.status): \(opened.text)")
        let signedIn = try await v1(
            "accounts:signInWithPassword", ["email": email, "password": password, "returnSecureToken": true]
        ).requireOK()
        return (try #require(signedIn["idToken"] as? String), try #require(signedUp["localId"] as? String))
    }

    private func formEncode(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "*-._")
        return (text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text).replacingOccurrences(
            of: "%20", with: "+")
    }
}

/// One response, with JSON helpers.
struct Reply {
    let status: Int
    let text: String
    let headers: [HTTPHeader]
    private let response: HTTPResponse

    init(_ response: HTTPResponse) {
        self.response = response
        status = response.status
        text = response.text
        headers = response.headers
    }

    func header(_ name: String) -> String? { response.header(name) }

    var json: [String: Any] {
        get throws {
            guard let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else {
                throw TestFailure("not a JSON object: \(text)")
            }
            return object
        }
    }

    /// The reply object of a 200, or a failure naming the status and body.
    func requireOK() throws -> [String: Any] {
        guard status == 200 else { throw TestFailure("expected 200, got \(status): \(text)") }
        return try json
    }

    /// `error.message` of an error envelope.
    var errorMessage: String? {
        ((try? json)?["error"] as? [String: Any])?["message"] as? String
    }

    var errorObject: [String: Any]? {
        (try? json)?["error"] as? [String: Any]
    }
}

/// Log lines the backend emitted.
final class LogLines: Sendable {
    private let lines = Mutex<[String]>([])

    func append(_ line: String) { lines.withLock { $0.append(line) } }

    var all: [String] { lines.withLock { $0 } }
}

struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
