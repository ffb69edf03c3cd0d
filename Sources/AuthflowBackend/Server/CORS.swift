import AuthflowListener
import AuthflowPrimitives

/// Cross-origin headers. The emulator reflects any origin (`cors({origin: true})`) so that pages on another
/// port can call the API; here that holds for pages on this machine's loopback, and for any other page only as
/// far as the client API goes, which is what the JS SDK in a page uses: such a page is never allowed to send
/// `Authorization` (the admin credential) and gets no access to the emulator-only API (``RequestOrigin``).
enum CORS {
    /// Adds the cross-origin headers to the answer to a request the backend served.
    static func decorate(_ response: inout LoopbackResponse, for request: LoopbackRequest) {
        guard let origin = request.header("Origin") else { return }
        response.headers.append(HTTPHeader(name: "Access-Control-Allow-Origin", value: origin))
        response.headers.append(HTTPHeader(name: "Vary", value: "Origin"))
        if request.header("Access-Control-Request-Private-Network") != nil {
            response.headers.append(HTTPHeader(name: "Access-Control-Allow-Private-Network", value: "true"))
        }
    }

    /// The reply to any `OPTIONS` request, on any path (the cors middleware treats each as a preflight). A page
    /// that is not on loopback is not told it may send `Authorization`, and gets no grant at all for the
    /// emulator-only API, so its browser does not send the request.
    static func preflight(_ request: LoopbackRequest, origin: RequestOrigin, emulatorOnly: Bool) -> LoopbackResponse {
        var headers = [HTTPHeader(name: "Access-Control-Allow-Methods", value: "GET,HEAD,PUT,PATCH,POST,DELETE")]
        if let requested = request.header("Access-Control-Request-Headers") {
            let allowed = origin == .foreign ? withoutAuthorization(requested) : requested
            if !allowed.isEmpty { headers.append(HTTPHeader(name: "Access-Control-Allow-Headers", value: allowed)) }
            headers.append(HTTPHeader(name: "Vary", value: "Access-Control-Request-Headers"))
        }
        var response = LoopbackResponse(status: 204, headers: headers)
        if origin != .foreign || !emulatorOnly { decorate(&response, for: request) }
        return response
    }

    /// A requested header list (`content-type, authorization`) without `Authorization`.
    private static func withoutAuthorization(_ requested: String) -> String {
        requested.split(separator: ",").map { String($0).trimmingWhitespace() }
            .filter { !$0.isEmpty && $0.lowercased() != "authorization" }.joined(separator: ",")
    }
}
