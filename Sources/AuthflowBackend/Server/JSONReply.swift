import AuthflowListener
import AuthflowPrimitives

/// JSON responses as Express's `res.json` sends them.
enum JSONReply {
    static let contentType = HTTPHeader(name: "Content-Type", value: "application/json; charset=utf-8")

    static func ok(_ value: JSONValue, status: Int = 200) -> LoopbackResponse {
        LoopbackResponse(status: status, headers: [contentType], body: JSONWriter.bytes(value))
    }

    static func error(_ error: APIError) -> LoopbackResponse {
        ok(error.json, status: error.code)
    }

    /// The `{"authEmulator":{…}}` replies of the emulator's own pages (`/emulator/action`, the widget).
    static func authEmulator(_ fields: [(String, String)], status: Int) -> LoopbackResponse {
        var object = JSONObject()
        for (key, value) in fields { object[key] = .string(value) }
        return ok(["authEmulator": .object(object)], status: status)
    }

    /// A `303 See Other`, as Express's `res.redirect(303, url)` (which `encodeurl`s the target).
    static func seeOther(_ target: String) -> LoopbackResponse {
        let location = URLEncoding.redirectTarget(target)
        return LoopbackResponse(
            status: 303,
            headers: [
                HTTPHeader(name: "Location", value: location),
                HTTPHeader(name: "Content-Type", value: "text/plain; charset=utf-8"),
            ],
            body: Array("See Other. Redirecting to \(location)".utf8)
        )
    }
}
