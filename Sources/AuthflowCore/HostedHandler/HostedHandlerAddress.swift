import AuthflowParsing
import AuthflowPrimitives

/// The address of a page on Firebase's hosted handler, `<scheme>://<authDomain><path>?name=value&…`, with the
/// parameters in the order the iOS SDK emits them.
///
/// Against an emulator the auth domain is its `host:port`, as on iOS, but served over plain HTTP.
enum HostedHandlerAddress {
    /// The URL of `path` on `authDomain` with `items` in the given order, and `#fac=<token>` after them when
    /// an App Check token is given (the iOS SDK's fragment, which never reaches the server's logs).
    static func url(
        authDomain: String, secure: Bool, path: String, items: [(String, String)], appCheckToken: String? = nil
    ) -> String {
        let query = items.map { "\($0.0)=\(encode($0.1))" }.joined(separator: "&")
        let fragment = appCheckToken.flatMap { $0.isEmpty ? nil : "#fac=\(encode($0))" } ?? ""
        return "\(secure ? "https" : "http")://\(authDomain)\(path)?\(query)\(fragment)"
    }

    /// `clientId=…` or `appId=…`: the identifier the page derives the app's custom scheme from.
    static func appIdentifier(of scheme: CallbackScheme) -> (String, String) {
        switch scheme.identifier {
        case .clientID(let clientID): ("clientId", clientID)
        case .appID(let appID): ("appId", appID)
        }
    }

    /// Query-value encoding as URLComponents applies it, except that `+`, `&`, `=` and `#` are always
    /// escaped so a form decoder cannot misread a value (iOS forces `+` to `%2B` for the same reason).
    static func encode(_ value: String) -> String {
        PercentEncoding.encode(value) { byte in
            PercentEncoding.isAlphanumeric(byte) || "-._~:/@!$'()*,;".utf8.contains(byte)
        }
    }
}
