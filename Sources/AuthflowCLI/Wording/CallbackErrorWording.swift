import AuthflowLocalization
import AuthflowParsing

/// A hosted page's `firebaseError` in the language in force.
extension FirebaseCallbackError {
    /// What the page reported, for quoting inside a sentence; Firebase's own code and message stay as sent.
    var cliExplanation: String {
        switch kind {
        case .invalidClientID:
            localized("Configuration error: the OAuth client ID or app ID does not match the API key.")
        case .networkRequestFailed:
            localized("The Firebase sign-in page could not reach the network; try again.")
        case .internalError:
            localized("The Firebase sign-in page failed internally; try again later.")
        case .other:
            "[\(code ?? "")] \(message ?? "")"
        case .incomplete, .unparsable:
            localized("The page gave an answer authflow does not know: \(raw)")
        }
    }
}
