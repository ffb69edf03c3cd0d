import AuthflowBackend
import AuthflowHTTP
import AuthflowIdentityToolkit
import AuthflowPrimitives
import Foundation
import Synchronization
import Testing

/// One ``EmbeddedBackend`` on an ephemeral loopback port and the typed client pointed at it, as
/// `FIREBASE_AUTH_EMULATOR_HOST` would: everything goes over real HTTP. One per test; call ``stop()``.
struct LiveBackend {
    let backend: EmbeddedBackend
    let client: IdentityToolkitClient
    /// Every attempt the client made, as its observer saw them.
    let exchanges: ExchangeLog
    /// Waits the retry policy was asked for; it never really sleeps, so retries cost no time.
    let sleeps = SleepRecorder()

    init(
        host: String = "127.0.0.1",
        emailEnumerationProtection: Bool = false,
        verificationCodeLifetime: Duration? = nil,
        revokeToken: EmbeddedBackend.RevokeTokenBehavior = .accept,
        tenantID: String? = nil
    ) throws {
        backend = try EmbeddedBackend(
            configuration: .init(
                host: host, emailEnumerationProtection: emailEnumerationProtection,
                verificationCodeLifetime: verificationCodeLifetime, revokeToken: revokeToken
            ))
        let exchanges = ExchangeLog()
        self.exchanges = exchanges
        var configuration = IdentityToolkitConfiguration(
            apiKey: "fake-api-key", server: .emulator(hostAndPort: backend.hostAndPort), authflowVersion: "test",
            tenantID: tenantID
        )
        configuration.retry = sleeps.policy()
        // The Auth Emulator has no App Check: the backend's stand-in is reached only through its own base.
        configuration.appCheckEndpoint = AppCheckEndpoint(parsing: backend.appCheckURL)
        // The default transport, as a real caller gets it (loopback hosts bypass any proxy from the environment),
        // with room for the whole call: these tests count attempts, and on a loaded machine the default 30 s budget
        // could leave no time for a retry (RetryReadsTests covers the budget).
        let http = HTTPClient(configuration: HTTPClientConfiguration(totalTimeout: .seconds(600)))
        client = IdentityToolkitClient(configuration: configuration, http: http, observer: { exchanges.append($0) })
    }

    func stop() {
        backend.stop()
    }

    func send<R: IdentityToolkitRequest>(_ request: R) async throws(IdentityToolkitError) -> R.Response {
        try await client.send(request)
    }

    // MARK: Flows, all through the typed client

    /// Signs up an email/password account and returns its tokens.
    func signUp(
        email: String, password: String = "secret-password", displayName: String? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> SignInTokens {
        let reply = try await send(SignUpRequest(email: email, password: password, displayName: displayName))
        return try signedIn(reply.outcome, sourceLocation: sourceLocation)
    }

    /// Signs in with a password and returns the tokens, failing when a second factor is asked for.
    func signIn(
        email: String, password: String = "secret-password", sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> SignInTokens {
        try signedIn(
            try await send(SignInWithPasswordRequest(email: email, password: password)).outcome,
            sourceLocation: sourceLocation)
    }

    /// A password account whose email the backend has marked verified, signed in again afterwards.
    func verifiedUser(email: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> SignInTokens {
        let tokens = try await signUp(email: email, sourceLocation: sourceLocation)
        let localID = try #require(tokens.localId, sourceLocation: sourceLocation)
        #expect(backend.markEmailVerified(localID: localID), sourceLocation: sourceLocation)
        return tokens
    }

    /// Texts a code to `phoneNumber` and reads it back from the backend's inspection API.
    func sendCode(
        to phoneNumber: String, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> (sessionInfo: String, code: String) {
        let sent = try await send(SendVerificationCodeRequest(phoneNumber: phoneNumber, verification: .none))
        return (sent.sessionInfo, try code(for: sent.sessionInfo, sourceLocation: sourceLocation))
    }

    /// The SMS code the backend issued for `sessionInfo`.
    func code(for sessionInfo: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let entry = try #require(
            backend.verificationCodes.first { $0.sessionInfo == sessionInfo }, sourceLocation: sourceLocation)
        return entry.code
    }

    /// Enrolls `phoneNumber` as a second factor of the (verified) user of `idToken`; returns the enrollment ID
    /// and the tokens the finalize call issued.
    func enroll(
        idToken: String, phoneNumber: String, displayName: String? = "work phone",
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> (enrollmentID: String, tokens: SignInTokens) {
        let started = try await send(
            StartMFAEnrollmentRequest(idToken: idToken, phoneNumber: phoneNumber, verification: .none))
        let code = try code(for: started.sessionInfo, sourceLocation: sourceLocation)
        let finalized = try await send(
            FinalizeMFAEnrollmentRequest(
                idToken: idToken, sessionInfo: started.sessionInfo, code: code, displayName: displayName
            ))
        let tokens = try signedIn(finalized.outcome, sourceLocation: sourceLocation)
        let claims = try JWTClaims(tokens.idToken)
        let enrollmentID = try #require(
            claims.firebase["second_factor_identifier"] as? String, sourceLocation: sourceLocation)
        return (enrollmentID, tokens)
    }

    /// The tokens of a `.signedIn` outcome.
    func signedIn(_ outcome: SignInOutcome, sourceLocation: SourceLocation = #_sourceLocation) throws -> SignInTokens {
        guard case .signedIn(let tokens) = outcome else {
            throw TestFailure("expected signedIn, got \(outcome)")
        }
        return tokens
    }

    /// Sends `request` with `Authorization: Bearer owner` straight to the backend's REST API (admin-only
    /// operations the client never performs, such as disabling a user).
    func admin(_ operation: String, _ body: [String: Any]) async throws {
        let data = try JSONSerialization.data(withJSONObject: body)
        let response = try await loopbackHTTP().send(
            HTTPRequest(
                method: .post, url: backend.baseURL + "/identitytoolkit.googleapis.com/v1/" + operation,
                headers: [
                    HTTPHeader(name: "Authorization", value: "Bearer owner"),
                    HTTPHeader(name: "Content-Type", value: "application/json"),
                ],
                body: Array(data)
            ))
        guard response.status == 200 else {
            throw TestFailure("admin \(operation) answered \(response.status): \(response.text)")
        }
    }
}

/// The client observer's records, in order.
final class ExchangeLog: Sendable {
    private let records = Mutex<[ExchangeRecord]>([])

    func append(_ record: ExchangeRecord) {
        records.withLock { $0.append(record) }
    }

    var all: [ExchangeRecord] { records.withLock { $0 } }

    /// How many attempts went to `endpoint`.
    func attempts(_ endpoint: Endpoint) -> Int {
        all.filter { $0.endpoint == endpoint }.count
    }
}

struct TestFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}

/// The payload of an (unsigned) JWT, for checking what the backend put in its ID tokens.
struct JWTClaims {
    let claims: [String: Any]

    init(_ token: String) throws {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3 else { throw TestFailure("not a JWT: \(parts.count) parts") }
        var base64 = parts[1].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard let data = Data(base64Encoded: base64),
            let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { throw TestFailure("JWT payload is not a JSON object") }
        claims = object
    }

    subscript(key: String) -> Any? { claims[key] }

    var firebase: [String: Any] { claims["firebase"] as? [String: Any] ?? [:] }
}

/// An unsigned (`alg: none`) JWT with `claims` as its payload, the way test IdPs and the emulator write them.
func unsignedJWT(_ claims: [String: Any]) throws -> String {
    func segment(_ object: [String: Any]) throws -> String {
        try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
    return try segment(["alg": "none", "typ": "JWT"]) + "." + segment(claims) + "."
}

/// Compact JSON text of `object`, keys sorted.
func jsonText(_ object: [String: Any]) throws -> String {
    String(
        decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]),
        as: UTF8.self)
}

/// The backend's refusal `body` threw, or `nil` (recorded as an issue) when it succeeded or failed otherwise.
func expectServerError<T>(
    _ expected: ServerErrorCode?, sourceLocation: SourceLocation = #_sourceLocation, _ body: () async throws -> T
) async -> ServerError? {
    guard let failure = await expectFailure(sourceLocation: sourceLocation, body) else { return nil }
    guard case .server(let error) = failure else {
        Issue.record("expected a server refusal, got \(failure)", sourceLocation: sourceLocation)
        return nil
    }
    #expect(error.code == expected, "raw message: \(error.rawMessage)", sourceLocation: sourceLocation)
    return error
}

/// A TCP socket bound to 127.0.0.1:`port` that never listens: connections to the port are refused, and no
/// other test (or server started meanwhile) can take the port while this is held. Close it with ``release()``.
struct HeldPort {
    let port: UInt16
    private let descriptor: Int32

    /// Holds `port`, or returns `nil` when something else already has it.
    init?(_ port: UInt16) {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return nil }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
        guard bound else {
            close(descriptor)
            return nil
        }
        self.port = port
        self.descriptor = descriptor
    }

    func release() {
        close(descriptor)
    }
}
