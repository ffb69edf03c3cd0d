import AuthflowPrimitives

/// Where a loopback page loads reCAPTCHA Enterprise from: Google, or the stand-in an embedded backend
/// serves for offline tests, chosen only when the caller asks for it explicitly. The page uses only the
/// script's documented calls, so either works unchanged.
public enum RecaptchaScript: Sendable, Equatable {
    /// `https://www.google.com/recaptcha/enterprise.js`.
    case google
    /// The stand-in at `<origin>/www.google.com/recaptcha/enterprise.js` (an emulator's `http://host:port`).
    case standIn(origin: String)

    /// The script's address for `siteKey`, calling the page's function `onload` once loaded.
    public func url(siteKey: String, onload: String) -> String {
        let base =
            switch self {
            case .google: "https://www.google.com"
            case .standIn(let origin): origin + "/www.google.com"
            }
        return base + "/recaptcha/enterprise.js?render=\(PercentEncoding.encodeUnreserved(siteKey))&onload=\(onload)"
    }

    /// The origin the page must also allow scripts from (the stand-in's); nil for Google's, which the
    /// pages' policy always allows.
    public var extraScriptOrigin: String? {
        switch self {
        case .google: nil
        case .standIn(let origin): origin
        }
    }
}
