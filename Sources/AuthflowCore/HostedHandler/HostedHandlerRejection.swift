import AuthflowListener

/// Why a URL offered while a hosted handler page's answer is awaited (``HostedVerifyAppCallback``,
/// ``AppleRedirectCallback``, the OAuth hosted route) was refused; the wait goes on.
public enum HostedHandlerRejection: CallbackRejectionReason, Hashable, Error {
    /// A callback reached the listener's address, but `page` answers through the app's custom `scheme`.
    case notAtAddress(page: HostedHandlerPage, scheme: String)
    /// The URL is not a Firebase callback (`scheme://firebaseauth/link?deep_link_id=…`).
    case notFirebaseCallback(scheme: String)
    /// The callback's `eventId` or `authType` is not this attempt's.
    case anotherAttempt
    /// The callback carries the parameter `name` (`eventId`, say) more than once, so it cannot be matched.
    case repeatedParameter(String)

    public var code: CallbackRejectionCode {
        switch self {
        case .notAtAddress(.recaptcha, let scheme):
            CallbackRejectionCode("hosted-answer-at-address", [scheme, "recaptcha"])
        case .notAtAddress(.signIn(let providerID), let scheme):
            CallbackRejectionCode("hosted-answer-at-address", [scheme, "sign-in", providerID])
        case .notFirebaseCallback(let scheme): CallbackRejectionCode("hosted-answer-not-firebase", [scheme])
        case .anotherAttempt: CallbackRejectionCode("hosted-answer-foreign")
        case .repeatedParameter(let name): CallbackRejectionCode("hosted-answer-repeated", [name])
        }
    }

    /// The reason `code` stands for, when it is one of these.
    public init?(code: CallbackRejectionCode) {
        switch (code.name, code.values.count) {
        case ("hosted-answer-at-address", 2) where code.values[1] == "recaptcha":
            self = .notAtAddress(page: .recaptcha, scheme: code.values[0])
        case ("hosted-answer-at-address", 3) where code.values[1] == "sign-in":
            self = .notAtAddress(page: .signIn(providerID: code.values[2]), scheme: code.values[0])
        case ("hosted-answer-not-firebase", 1): self = .notFirebaseCallback(scheme: code.values[0])
        case ("hosted-answer-foreign", 0): self = .anotherAttempt
        case ("hosted-answer-repeated", 1): self = .repeatedParameter(code.values[0])
        default: return nil
        }
    }

    /// The reason in English, for logs and embedders.
    public var description: String {
        switch self {
        case .notAtAddress(let page, let scheme):
            "\(page) answers through the app's custom scheme (\(scheme)://firebaseauth/link?…), not at this address."
        case .notFirebaseCallback(let scheme):
            "That is not a Firebase callback (\(scheme)://firebaseauth/link?deep_link_id=…)."
        case .anotherAttempt:
            "That callback belongs to another attempt (its eventId or authType does not match this one)."
        case .repeatedParameter(let name):
            "The callback carries \(name) more than once, so it cannot be matched to this sign-in."
        }
    }
}

/// Which hosted handler page an answer is awaited from.
public enum HostedHandlerPage: Sendable, Hashable, CustomStringConvertible {
    /// The hosted reCAPTCHA page (`verifyApp`).
    case recaptcha
    /// The sign-in page of the provider `providerID` (`signInWithRedirect`), `apple.com` included.
    case signIn(providerID: String)

    /// The page's name in English, for logs and embedders.
    public var description: String {
        switch self {
        case .recaptcha: "The hosted reCAPTCHA page"
        case .signIn("apple.com"): "The Sign in with Apple page"
        case .signIn(let providerID): "The \(providerID) sign-in page"
        }
    }
}
