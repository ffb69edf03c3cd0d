import AuthflowListener
import AuthflowPrimitives

/// A script the backend serves in place of one of Google's (the reCAPTCHA and Firebase JS SDK stand-ins):
/// JavaScript, never cached, never sniffed as anything else.
enum ScriptReply {
    static func javascript(_ source: String) -> LoopbackResponse {
        LoopbackResponse(
            status: 200,
            headers: [
                HTTPHeader(name: "Content-Type", value: "text/javascript; charset=utf-8"),
                HTTPHeader(name: "Cache-Control", value: "no-store"),
                HTTPHeader(name: "X-Content-Type-Options", value: "nosniff"),
            ],
            body: Array(source.utf8))
    }
}
