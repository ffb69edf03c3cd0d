import AuthflowHTTP
import AuthflowIdentityToolkit
import AuthflowPrimitives

/// The message form every device grant endpoint shares: a form-encoded `POST` answered in JSON, and the two ways
/// providers refuse (RFC 6749's `error`, Facebook's Graph `error` object).
enum DeviceGrantForm {
    /// A form `POST` of `fields` to `url`, asking for JSON (GitHub answers form-encoded otherwise).
    static func post(_ url: String, _ fields: [QueryItem]) -> HTTPRequest {
        HTTPRequest(
            method: .post, url: url,
            headers: [
                HTTPHeader(name: "Content-Type", value: "application/x-www-form-urlencoded"),
                HTTPHeader(name: "Accept", value: "application/json"),
            ],
            body: Array(IdpPostBody.form(fields).utf8))
    }

    /// The refusal `body` carries, if any: `{"error": "<code>", "error_description": …}`, or Facebook's
    /// `{"error": {"message": …, "code": …, "error_subcode": …}}`.
    static func refusal(_ body: JSONValue) -> DeviceGrantProblem? {
        guard let error = body["error"] else { return nil }
        if let code = error.stringValue {
            return .refused(error: code, description: body["error_description"]?.stringValue)
        }
        guard error.objectValue != nil else { return nil }
        let code = error["error_subcode"]?.numberValue ?? error["code"]?.numberValue
        return .refused(error: code.map { String(Int($0)) } ?? "unknown", description: error["message"]?.stringValue)
    }
}
