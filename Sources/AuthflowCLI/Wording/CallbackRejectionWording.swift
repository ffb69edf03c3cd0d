import AuthflowCore
import AuthflowListener
import AuthflowLocalization

/// Why a callback was not accepted, in the language in force: on the browser's page, after a paste, and in
/// `handle-url`, which gets the reason's code from a listener in another process.
enum CallbackRejectionWording {
    /// `reason` as a sentence; a reason of a type the CLI does not know (an embedder's check) by its code.
    static func cliMessage(_ reason: any CallbackRejectionReason) -> String {
        switch reason {
        case let reason as RedirectRejection: reason.cliMessage
        case let reason as LoopbackPageRejection: reason.cliMessage
        case let reason as HostedHandlerRejection: reason.cliMessage
        default: unknown(reason.code)
        }
    }

    /// The reason a handoff refusal carries, decoded from its code; nil for a code this authflow does not know
    /// (a newer listener's).
    static func reason(_ code: CallbackRejectionCode) -> (any CallbackRejectionReason)? {
        RedirectRejection(code: code) ?? LoopbackPageRejection(code: code) ?? HostedHandlerRejection(code: code)
    }

    /// Why a waiting flow refused a handed-over URL, as its listener said it.
    static func cliMessage(_ refusal: HandoffSender.Refusal) -> String {
        switch refusal {
        case .coded(let code): reason(code).map(cliMessage) ?? unknown(code)
        // A listener older than the code header sends only its English sentence: shown as it came.
        case .uncoded(let text): text
        }
    }

    private static func unknown(_ code: CallbackRejectionCode) -> String {
        localized("The waiting flow did not accept it (reason \(code)).")
    }
}

extension RedirectRejection {
    var cliMessage: String {
        switch self {
        case .notURL: localized("That is not a URL.")
        case .foreignAddress(let expected):
            localized("That URL is not this flow's callback (\(expected)); paste the address the browser ended on.")
        case .foreignScheme(let scheme): localized("That URL's scheme (\(scheme):) is not one this flow waits for.")
        case .alreadyAnswered:
            localized("This sign-in already received its answer; a callback is accepted only once.")
        case .repeatedParameter(let name):
            localized("The callback carries \(name) more than once, so it cannot be matched to this sign-in.")
        case .missingParameter(let name):
            localized("The callback has no \(name) parameter, so it cannot be matched to this sign-in.")
        case .mismatchedParameter(let name):
            localized("The callback's \(name) does not match this sign-in; it belongs to another attempt.")
        case .controlCharacter(let codePoint):
            localized("The URL holds a control character (\(codePoint)), which no callback URL carries unencoded.")
        }
    }
}

extension LoopbackPageRejection {
    var cliMessage: String {
        switch self {
        case .pasted(.phoneRecaptcha), .pasted(.recaptchaToken):
            localized("The reCAPTCHA page posts its answer itself; there is nothing to paste.")
        case .pasted(.webSignIn):
            localized("The sign-in page posts its answer itself; there is nothing to paste.")
        case .anotherAttempt(.phoneRecaptcha), .anotherAttempt(.webSignIn):
            localized("That answer belongs to another sign-in; reload the page opened for this one.")
        case .anotherAttempt(.recaptchaToken):
            localized("That answer belongs to another request; reload the page opened for this one.")
        case .incomplete(.phoneRecaptcha):
            localized("The answer lacks the reCAPTCHA token this project needs; solve the reCAPTCHA again.")
        case .incomplete(.recaptchaToken):
            localized("The answer lacks the reCAPTCHA token; reload the page.")
        case .incomplete(.webSignIn):
            localized("The answer lacks the user's tokens; sign in again on the page.")
        case .foreignPage(.phoneRecaptcha), .foreignPage(.webSignIn):
            localized("This page belongs to another sign-in. Open the address given for this one.")
        case .foreignPage(.recaptchaToken):
            localized("This page belongs to another request. Open the address given for this one.")
        case .wrongMethod(_, let method): localized("This address only takes \(method) requests.")
        }
    }
}

extension HostedHandlerRejection {
    var cliMessage: String {
        switch self {
        case .notAtAddress(.recaptcha, let scheme):
            localized(
                "The hosted reCAPTCHA page answers through the app's custom scheme "
                    + "(\(scheme)://firebaseauth/link?…), not at this address.")
        case .notAtAddress(.signIn("apple.com"), let scheme):
            localized(
                "The Sign in with Apple page answers through the app's custom scheme "
                    + "(\(scheme)://firebaseauth/link?…), not at this address.")
        case .notAtAddress(.signIn(let providerID), let scheme):
            localized(
                "The \(providerID) sign-in page answers through the app's custom scheme "
                    + "(\(scheme)://firebaseauth/link?…), not at this address.")
        case .notFirebaseCallback(let scheme):
            localized("That is not a Firebase callback (\(scheme)://firebaseauth/link?deep_link_id=…).")
        case .anotherAttempt:
            localized("That callback belongs to another attempt (its eventId or authType does not match this one).")
        case .repeatedParameter(let name):
            localized("The callback carries \(name) more than once, so it cannot be matched to this sign-in.")
        }
    }
}

extension CallbackURLError {
    /// Why `handle-url` refuses a URL before offering it to any flow.
    var cliMessage: String {
        switch self {
        case .controlCharacter(_, let offset):
            localized(
                "The URL holds a control character (\(codePoint)) at position \(offset + 1): a callback URL carries "
                    + "one only percent-encoded. Pass the URL exactly as the browser or the desktop gave it.")
        }
    }
}
