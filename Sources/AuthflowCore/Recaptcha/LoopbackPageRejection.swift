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
    /// The page was opened with another page's state (or none): its address belongs to another attempt.
    case foreignPage(LoopbackPageKind)
    /// A request to one of the page's addresses used another HTTP method than `expected` (`GET` or `POST`).
    case wrongMethod(LoopbackPageKind, expected: String)

    /// Every reason, for each page.
    public static var allCases: [LoopbackPageRejection] {
        LoopbackPageKind.allCases.flatMap {
            [
                .pasted($0), .anotherAttempt($0), .incomplete($0), .foreignPage($0),
                .wrongMethod($0, expected: "GET"), .wrongMethod($0, expected: "POST"),
            ]
        }
    }

    public var code: CallbackRejectionCode {
        switch self {
        case .pasted(let page): CallbackRejectionCode("page-answer-pasted", [page.rawValue])
        case .anotherAttempt(let page): CallbackRejectionCode("page-answer-foreign", [page.rawValue])
        case .incomplete(let page): CallbackRejectionCode("page-answer-incomplete", [page.rawValue])
        case .foreignPage(let page): CallbackRejectionCode("page-foreign", [page.rawValue])
        case .wrongMethod(let page, let method): CallbackRejectionCode("page-wrong-method", [page.rawValue, method])
        }
    }

    /// The reason `code` stands for, when it is one of these.
    public init?(code: CallbackRejectionCode) {
        guard let first = code.values.first, let page = LoopbackPageKind(rawValue: first) else { return nil }
        if code.name == "page-wrong-method", code.values.count == 2 {
            self = .wrongMethod(page, expected: code.values[1])
            return
        }
        guard code.values.count == 1 else { return nil }
        switch code.name {
        case "page-answer-pasted": self = .pasted(page)
        case "page-answer-foreign": self = .anotherAttempt(page)
        case "page-answer-incomplete": self = .incomplete(page)
        case "page-foreign": self = .foreignPage(page)
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
        case .foreignPage(let page):
            "This address opens another \(page.rawValue) attempt's page; open the address given for this one."
        case .wrongMethod(let page, let method): "The \(page.rawValue) page's addresses take \(method) requests here."
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
