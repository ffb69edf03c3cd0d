import AuthflowHTTP
import Testing

/// A client that ignores any proxy set in the test environment, with short limits suited to loopback.
func makeClient(
    redirects: RedirectPolicy = .follow(maximum: 5),
    totalTimeout: Duration = .seconds(20),
    maxResponseBytes: Int = 10 * 1024 * 1024,
    proxy: ProxyConfiguration = .none,
    caBundlePath: String? = nil,
    addressPolicy: AddressPolicy = .any
) -> HTTPClient {
    HTTPClient(
        configuration: HTTPClientConfiguration(
            connectTimeout: .seconds(10),
            totalTimeout: totalTimeout,
            maxResponseBytes: maxResponseBytes,
            redirects: redirects,
            proxy: proxy,
            caBundlePath: caBundlePath,
            addressPolicy: addressPolicy
        ))
}

/// The error `body` threw, or `nil` if it succeeded (which the calling test then reports as a mismatch).
func capturedError(_ body: () async throws -> HTTPResponse) async -> HTTPError? {
    do {
        _ = try await body()
        return nil
    } catch let error as HTTPError {
        return error
    } catch {
        Issue.record("unexpected error type: \(error)")
        return nil
    }
}
