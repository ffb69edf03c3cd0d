import AuthflowListener

/// A hosted handler's answer as the desktop hands it over: the client-ID scheme's prefix of protocol.md §12.2
/// around the handler's callback query, for the phone and Apple routes' tests alike.
enum HandedOverHostedCallback {
    /// The callback URL carrying `query` inside its `deep_link_id`.
    static func url(_ query: String, scheme: String = "com.googleusercontent.apps.123456") -> String {
        "\(scheme)://firebaseauth/link?deep_link_id=https%3A%2F%2Fexample.firebaseapp.com%2F__%2Fauth%2Fcallback%3F\(query)"
    }

    /// ``url(_:scheme:)`` read as a handed-over callback.
    static func callback(
        _ query: String, scheme: String = "com.googleusercontent.apps.123456"
    ) throws
        -> RedirectCallback
    {
        try RedirectCallback(url: url(query, scheme: scheme), route: .handoff)
    }
}
