import AuthflowIdentityToolkit
import AuthflowLocalization

/// The REST client's failures in the language in force. Firebase's own guidance (``ServerError/message``) and the
/// transport's details are quoted as they come.
extension IdentityToolkitError {
    var cliMessage: String {
        switch self {
        case .network(let error):
            return localized("Could not reach Firebase Auth: \(error.description)")
        case .server(let error):
            return error.message
        case .unavailable(let status, let excerpt):
            let shown = excerpt.isEmpty ? "" : ": \(excerpt)"
            if status == 429 {
                return localized(
                    "The Firebase Auth backend is limiting requests (HTTP 429\(shown)). Wait a minute, then try "
                        + "again.")
            }
            return localized(
                "The Firebase Auth backend is unavailable (HTTP \(status)\(shown)). Try again in a few minutes.")
        case .malformedResponse(let response):
            let shown = response.excerpt.isEmpty ? "" : " (\(response.excerpt))"
            return localized(
                "Firebase Auth sent a reply authflow cannot use (HTTP \(response.status)): "
                    + "\(response.problem)\(shown). Check that --emulator or the configured backend points at "
                    + "Firebase Auth or its emulator.")
        case .invalidRequest, .redirected:
            return description
        case .appCheck(let failure):
            return failure.cliMessage
        }
    }
}
