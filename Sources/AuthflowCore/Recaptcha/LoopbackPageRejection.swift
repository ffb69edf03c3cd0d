import AuthflowListener

/// Why the answer offered to one of authflow's own loopback pages (``LoopbackRecaptchaPage``,
/// ``LoopbackRecaptchaTokenPage``, ``LoopbackOAuthWebPage``) was refused; the wait goes on.
public enum LoopbackPageRejection: CallbackRejectionReason, Hashable {
    /// A URL was pasted or handed over, but the page posts its answer itself.
    case pasted(LoopbackPageKind)
    /// The post carries another page's state: it answers another attempt.
    case anotherAttempt(LoopbackPageKind)
    /// The post lacks what the flow needs from the page (the reCAPTCHA token, the user's tokens).
    case incomplete(LoopbackPageKind)

    /// Every reason, for each page.
    public static var allCases: [LoopbackPageRejection] {
        LoopbackPageKind.allCases.flatMap { [.pasted($0), .anotherAttempt($0), .incomplete($0)] }
    }

    public var code: CallbackRejectionCode {
        switch self {
        case .pasted(let page): CallbackRejectionCode("page-answer-pasted", [page.rawValue])
        case .anotherAttempt(let page): CallbackRejectionCode("page-answer-foreign", [page.rawValue])
        case .incomplete(let page): CallbackRejectionCode("page-answer-incomplete", [page.rawValue])
        }
    }

    /// The reason `code` stands for, when it is one of these.
    public init?(code: CallbackRejectionCode) {
        guard code.values.count == 1, let page = LoopbackPageKind(rawValue: code.values[0]) else { return nil }
        switch code.name {
        case "page-answer-pasted": self = .pasted(page)
        case "page-answer-foreign": self = .anotherAttempt(page)
        case "page-answer-incomplete": self = .incomplete(page)
        default: return nil
        }
    }

    /// The reason in English, for logs and embedders.
    public var description: String {
        switch self {
        case .pasted(let page): "The \(page.rawValue) page posts its answer itself; there is nothing to paste."
        case .anotherAttempt(let page):
            "That answer belongs to another \(page.rawValue) attempt; reload the page opened for this one."
        case .incomplete(.phoneRecaptcha):
            "The answer lacks the reCAPTCHA token this project needs; solve the reCAPTCHA again."
        case .incomplete(.recaptchaToken): "The answer lacks the reCAPTCHA token; reload the page."
        case .incomplete(.webSignIn): "The answer lacks the user's tokens; sign in again on the page."
        }
    }
}

/// Which of authflow's own loopback pages a refused answer was offered to.
public enum LoopbackPageKind: String, Sendable, Hashable, CaseIterable {
    /// The phone sign-in's reCAPTCHA page (``LoopbackRecaptchaPage``).
    case phoneRecaptcha = "phone-recaptcha"
    /// The page getting a reCAPTCHA Enterprise token for a request (``LoopbackRecaptchaTokenPage``).
    case recaptchaToken = "recaptcha-token"
    /// The web route's sign-in page (``LoopbackOAuthWebPage``).
    case webSignIn = "web-sign-in"
}
