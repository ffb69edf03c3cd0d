import AuthflowHTTP
import AuthflowPrimitives

/// Makes a ``BlockingFunctionCall`` with the project's libcurl client and reads the reply as the emulator
/// does. Redirects are not followed (a 3xx is an HTTP error), no proxy is used, and the call gives up after
/// the emulator's 60-second deadline. Runs on the request's own thread, never under the state lock, and
/// needs nothing from Swift's cooperative pool.
enum BlockingFunctionClient {
    static let client = HTTPClient(
        configuration: HTTPClientConfiguration(
            connectTimeout: .seconds(10), totalTimeout: .milliseconds(BlockingFunctionCall.deadlineMilliseconds),
            maxResponseBytes: 1024 * 1024, redirects: .doNotFollow, proxy: .none,
            userAgent: "authflow-embedded-backend"
        ))

    /// The function's changes, or the error the emulator replies with: 500 `INTERNAL` when the function
    /// cannot be reached, times out or answers other than JSON; 400 when it answers a non-2xx status or a
    /// `userRecord` without `updateMask`, or with custom claims the emulator refuses.
    static func call(_ call: BlockingFunctionCall) -> Result<BlockingFunctionUpdates, APIError> {
        let prefix = "BLOCKING_FUNCTION_ERROR_RESPONSE : "
        let response: HTTPResponse
        switch send(call) {
        case .success(let received):
            response = received
        case .failure(.timedOut):
            return .failure(.internalError(prefix + "((Deadline exceeded making request to \(call.url).))"))
        case .failure:
            return .failure(.internalError(prefix + "((Failed to make request to \(call.url).))"))
        }
        guard (200..<300).contains(response.status) else {
            let detail = "returned HTTP error \(response.status): \(response.text)"
            return .failure(.badRequest(prefix + "((HTTP request to \(call.url) \(detail)))"))
        }
        guard let reply = try? JSONParser.parse(response.body).objectValue else {
            return .failure(.internalError(prefix + "((Response body is not valid JSON.))"))
        }
        do throws(APIError) {
            return .success(try BlockingFunctionUpdates(reply: reply, event: call.event))
        } catch {
            return .failure(error)
        }
    }

    /// The call on this thread (a listener connection thread, never a task).
    private static func send(_ call: BlockingFunctionCall) -> Result<HTTPResponse, HTTPError> {
        let request = HTTPRequest(
            method: .post, url: call.url, headers: [HTTPHeader(name: "Content-Type", value: "application/json")],
            body: call.body)
        do throws(HTTPError) {
            return .success(try client.sendBlocking(request))
        } catch {
            return .failure(error)
        }
    }
}
