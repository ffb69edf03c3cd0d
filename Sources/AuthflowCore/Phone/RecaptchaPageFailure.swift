/// What the loopback reCAPTCHA page reported instead of an answer.
public enum RecaptchaPageFailure: Sendable, Equatable, CustomStringConvertible {
    /// Google's reCAPTCHA script did not load in the browser within 30 seconds.
    case scriptDidNotLoad
    /// The reCAPTCHA answer expired before it was sent.
    case answerExpired
    /// Another error code (at most 200 characters of it).
    case other(String)

    /// The page's `error` value read as a failure.
    init(code: String) {
        switch code {
        case "load-failed": self = .scriptDidNotLoad
        case "expired": self = .answerExpired
        default: self = .other(String(code.prefix(200)))
        }
    }

    /// Whether the page could not load reCAPTCHA at all (a network matter, not a refusal).
    public var isLoadFailure: Bool { self == .scriptDidNotLoad }

    public var description: String {
        switch self {
        case .scriptDidNotLoad:
            "The reCAPTCHA script did not load in the browser within 30 seconds (offline, blocked by an "
                + "extension, or a network that blocks www.google.com)."
        case .answerExpired:
            "The reCAPTCHA answer expired before it was sent; run the command again."
        case .other(let code):
            "The reCAPTCHA page reported an error (\(code))."
        }
    }
}
