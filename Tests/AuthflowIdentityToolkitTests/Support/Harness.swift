import AuthflowHTTP
import AuthflowIdentityToolkit
import AuthflowListener
import AuthflowPrimitives
import AuthflowTestSupport
import Foundation
import Synchronization
import Testing

/// The version every test configuration reports, so `X-Client-Version` can be checked exactly.
let testVersion = "9.8.7"
let expectedClientVersion = "Linux/Authflow/9.8.7/FirebaseCore-Linux"
/// The app ID and locale ``exchange(_:reply:tenantID:appID:locale:iosBundleID:sourceLocation:)`` configures
/// unless told otherwise, so every endpoint test checks their headers.
let testAppID = "1:1234567890:web:abcdef"
let testLocale = "de"
/// The values for the headers API-key restrictions and `Accept-Language` use, which every exchange also
/// configures, so every endpoint test checks that they are sent.
let testAcceptLanguage = "de-AT"
let testAndroidPackage = "com.example.android"
let testAndroidCertificate = "0123456789ABCDEF0123456789ABCDEF01234567"
let testReferrer = "https://app.example.com/"

/// An HTTP client that ignores proxies from the environment, with limits suited to loopback.
/// The whole-call limit is long, so a loaded machine's slow loopback exchanges never end a call whose attempts a
/// test counts; tests of the limit itself set their own.
func loopbackHTTP(proxy: ProxyConfiguration = .none, connectTimeout: Duration = .seconds(5)) -> HTTPClient {
    HTTPClient(
        configuration: HTTPClientConfiguration(
            connectTimeout: connectTimeout, totalTimeout: .seconds(120), proxy: proxy
        ))
}

/// A retry policy that never really waits and records each wait it was asked for.
final class SleepRecorder: Sendable {
    private let waits = Mutex<[Duration]>([])

    var recorded: [Duration] { waits.withLock { $0 } }

    func policy(
        maxAttempts: Int = 3, base: Duration = .milliseconds(100), cap: Duration = .seconds(1),
        random: @escaping @Sendable (ClosedRange<Double>) -> Double = { $0.upperBound }
    ) -> RetryPolicy {
        RetryPolicy(
            maxAttempts: maxAttempts, baseDelay: base, maxDelay: cap,
            sleep: { [self] duration in
                self.waits.withLock { $0.append(duration) }
            }, random: random)
    }
}

/// A configuration for the emulator layout on `server`'s port.
func emulatorConfiguration(
    port: UInt16, apiKey: String = "test-key", tenantID: String? = nil, appID: String? = nil, locale: String? = nil,
    iosBundleID: String? = nil, retry: RetryPolicy = SleepRecorder().policy()
) -> IdentityToolkitConfiguration {
    IdentityToolkitConfiguration(
        apiKey: apiKey, server: .emulator(hostAndPort: "127.0.0.1:\(port)"), authflowVersion: testVersion,
        tenantID: tenantID, appID: appID, locale: locale, iosBundleID: iosBundleID, retry: retry
    )
}

/// A 200 (or `status`) reply with a JSON body.
func json(_ body: String, status: Int = 200) -> LoopbackResponse {
    LoopbackResponse(
        status: status, headers: [HTTPHeader(name: "Content-Type", value: "application/json; charset=UTF-8")],
        body: Array(body.utf8)
    )
}

/// An error envelope as the backend sends it.
func errorEnvelope(_ message: String, status: Int = 400) -> LoopbackResponse {
    let escaped = message.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    return json(
        #"{"error":{"code":\#(status),"message":"\#(escaped)","errors":[{"message":"\#(escaped)","domain":"global","reason":"invalid"}]}}"#,
        status: status)
}

/// Replies handed out in order; the last one repeats.
final class ReplyScript: Sendable {
    private let replies: Mutex<[LoopbackResponse]>

    init(_ replies: [LoopbackResponse]) {
        self.replies = Mutex(replies)
    }

    func next() -> LoopbackResponse {
        replies.withLock { queue in queue.count > 1 ? queue.removeFirst() : queue[0] }
    }

    func set(_ reply: LoopbackResponse) {
        replies.withLock { $0 = [reply] }
    }
}

/// One request against a recording server in the emulator layout: the decoded reply, what the server saw, and
/// the body parsed as JSON (`.null` when the request was not JSON).
struct Exchange<Response> {
    let response: Response
    let request: LoopbackRequest
    let body: JSON
}

func exchange<R: IdentityToolkitRequest>(
    _ request: R, reply: LoopbackResponse, tenantID: String? = nil, appID: String? = testAppID,
    locale: String? = testLocale,
    iosBundleID: String? = nil, sourceLocation: SourceLocation = #_sourceLocation
) async throws -> Exchange<R.Response> {
    let server = try RecordingServer { _ in reply }
    defer { server.stop() }
    var configuration = emulatorConfiguration(
        port: server.port, tenantID: tenantID, appID: appID, locale: locale, iosBundleID: iosBundleID
    )
    configuration.acceptLanguage = testAcceptLanguage
    configuration.androidPackage = testAndroidPackage
    configuration.androidCertificateSHA1 = testAndroidCertificate
    configuration.referrer = testReferrer
    let client = IdentityToolkitClient(configuration: configuration, http: loopbackHTTP())
    let response = try await client.send(request)
    let recorded = try #require(
        server.requests.count == 1 ? server.requests.first : nil, sourceLocation: sourceLocation)
    let isJSON = recorded.header("Content-Type") == "application/json"
    let body = isJSON ? (JSON.parse(recorded.body, sourceLocation: sourceLocation) ?? .null) : .null
    return Exchange(response: response, request: recorded, body: body)
}

/// The error `body` threw, or `nil` (recorded as an issue) when it succeeded.
func expectFailure<T>(
    sourceLocation: SourceLocation = #_sourceLocation, _ body: () async throws -> T
) async -> IdentityToolkitError? {
    do {
        let value = try await body()
        Issue.record("expected an error, got \(value)", sourceLocation: sourceLocation)
        return nil
    } catch let error as IdentityToolkitError {
        return error
    } catch {
        Issue.record("unexpected error type: \(error)", sourceLocation: sourceLocation)
        return nil
    }
}

/// Checks the headers every ``exchange(_:reply:tenantID:appID:locale:iosBundleID:sourceLocation:)`` call carries,
/// and the content type for its body.
func expectHeaders(_ request: LoopbackRequest, contentType: String?, sourceLocation: SourceLocation = #_sourceLocation)
{
    #expect(request.header("X-Client-Version") == expectedClientVersion, sourceLocation: sourceLocation)
    #expect(request.header("X-Firebase-GMPID") == testAppID, sourceLocation: sourceLocation)
    #expect(
        request.headers.contains { $0.name == "X-Firebase-GMPID" }, "the iOS SDK's spelling",
        sourceLocation: sourceLocation)
    #expect(request.header("X-Firebase-Locale") == testLocale, sourceLocation: sourceLocation)
    #expect(request.header("Accept-Language") == testAcceptLanguage, sourceLocation: sourceLocation)
    #expect(request.header("X-Android-Package") == testAndroidPackage, sourceLocation: sourceLocation)
    #expect(request.header("X-Android-Cert") == testAndroidCertificate, sourceLocation: sourceLocation)
    #expect(request.header("Referer") == testReferrer, sourceLocation: sourceLocation)
    #expect(request.header("X-Ios-Bundle-Identifier") == nil, sourceLocation: sourceLocation)
    #expect(request.header("Content-Type") == contentType, sourceLocation: sourceLocation)
    #expect(request.header("Authorization") == nil, sourceLocation: sourceLocation)
}

/// Checks method and target for the emulator layout, `key=test-key` first.
func expectTarget(
    _ request: LoopbackRequest, _ method: String, _ pathAndQuery: String,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(request.method == method, sourceLocation: sourceLocation)
    #expect(request.target == pathAndQuery, sourceLocation: sourceLocation)
}
