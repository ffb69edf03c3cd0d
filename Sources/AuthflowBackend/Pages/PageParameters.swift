import AuthflowListener
import AuthflowPrimitives

/// The parameters of a page request: the query, overridden by a form body on POST.
enum PageParameters {
    static func of(_ request: LoopbackRequest) -> QueryParameters {
        var parameters = QueryParameters(form: request.query ?? "")
        if request.method == "POST" {
            let form = QueryParameters(form: String(decoding: request.body, as: UTF8.self))
            for name in form.names { if let value = form[name] { parameters.set(name, value) } }
        }
        return parameters
    }

    /// The `host[:port]` the browser used (what `window.location.host` gives the emulator's page script),
    /// or the advertised one when the `Host` header is missing or not a plain host.
    static func host(of request: LoopbackRequest, service: BackendService) -> String {
        if let host = request.header("Host"), !host.isEmpty,
            host.unicodeScalars.allSatisfy({
                ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
                    || ".-:[]".unicodeScalars.contains($0)
            })
        {
            return host
        }
        return String(service.origin.dropFirst("http://".count))
    }
}
