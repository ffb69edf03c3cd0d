import AuthflowCore
import AuthflowListener
import AuthflowLocalization

/// What a callback that answers the flow reported as failed, in the language in force, for the browser's
/// "sign-in failed" page: each flow's pages report their failures as the flow's own error, worded as the
/// terminal words it.
enum CallbackFailureWording {
    /// `failure` as a sentence; a failure of a type the CLI does not know (an embedder's check) in its English.
    static func cliMessage(_ failure: any CallbackFailure) -> String {
        switch failure {
        case let failure as RedirectFailure: failure.cliMessage
        case let failure as PhoneSignInError: failure.cliMessage
        case let failure as RecaptchaProtectionError: failure.cliMessage
        case let failure as AppleSignInError: failure.cliMessage
        case let failure as OAuthSignInError: failure.cliMessage
        default: failure.description
        }
    }
}

extension RedirectFailure {
    /// The authorization server's refusal; its own code and text are shown as it sent them.
    var cliMessage: String {
        switch self {
        case .authorizationError(let error, nil):
            localized("The authorization server answered with an error: \(error).")
        case .authorizationError(let error, let detail?):
            localized("The authorization server answered with an error: \(error) (\(detail)).")
        }
    }
}
