import AuthflowPrimitives

/// The web page sent as `Referer` to satisfy an API key restricted to websites: an absolute `http` or
/// `https` URL with a host, such as `https://app.example.com/`.
public enum RefererPage {
    /// Why `text` cannot be sent as `Referer`, or nil when it can.
    public static func problem(with text: String) -> String? {
        guard let parts = URLParts(text), parts.scheme == "http" || parts.scheme == "https", !parts.host.isEmpty else {
            return "The referrer must be an absolute http(s) URL of a page the key allows, such as "
                + "https://app.example.com/."
        }
        guard !text.unicodeScalars.contains(where: { $0.value < 0x21 || $0.value == 0x7F }) else {
            return "The referrer URL must not contain spaces or control characters; percent-encode them."
        }
        return nil
    }
}
