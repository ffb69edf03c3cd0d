import AuthflowListener
import AuthflowPrimitives

/// Cross-origin headers as the emulator sends them (`cors({origin: true})`: any origin, reflected), so
/// browser pages on another port can call the API.
enum CORS {
    static func decorate(_ response: inout LoopbackResponse, for request: LoopbackRequest) {
        guard let origin = request.header("Origin") else { return }
        response.headers.append(HTTPHeader(name: "Access-Control-Allow-Origin", value: origin))
        response.headers.append(HTTPHeader(name: "Vary", value: "Origin"))
        if request.header("Access-Control-Request-Private-Network") != nil {
            response.headers.append(HTTPHeader(name: "Access-Control-Allow-Private-Network", value: "true"))
        }
    }

    /// The reply to any `OPTIONS` request, on any path (the cors middleware treats each as a preflight).
    static func preflight(_ request: LoopbackRequest) -> LoopbackResponse {
        var headers = [HTTPHeader(name: "Access-Control-Allow-Methods", value: "GET,HEAD,PUT,PATCH,POST,DELETE")]
        if let requested = request.header("Access-Control-Request-Headers") {
            headers.append(HTTPHeader(name: "Access-Control-Allow-Headers", value: requested))
            headers.append(HTTPHeader(name: "Vary", value: "Access-Control-Request-Headers"))
        }
        var response = LoopbackResponse(status: 204, headers: headers)
        decorate(&response, for: request)
        return response
    }
}
