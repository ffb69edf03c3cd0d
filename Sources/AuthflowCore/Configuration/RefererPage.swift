import AuthflowPrimitives

/// The web page sent as `Referer` to satisfy an API key restricted to websites: an absolute `http` or
/// `https` URL with a host, such as `https://app.example.com/`.
public enum RefererPage {
    /// Why `text` cannot be sent as `Referer`, or nil when it can.
    public static func problem(with text: String) -> ConfigurationValueProblem? {
        guard let parts = URLParts(text), parts.scheme == "http" || parts.scheme == "https", !parts.host.isEmpty else {
            return .referrerNotHTTPURL
        }
        guard !text.unicodeScalars.contains(where: { $0.value < 0x21 || $0.value == 0x7F }) else {
            return .referrerUnencodedCharacters
        }
        return nil
    }
}
