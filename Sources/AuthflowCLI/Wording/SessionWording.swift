import AuthflowCore
import AuthflowStorage

/// Session, sign-in and storage failures with the CLI's flags and commands.
extension SessionError {
    var cliMessage: String {
        switch self {
        case .notSignedIn(let project):
            "Nobody is signed in to \(project) on this machine. Sign in first with one of authflow's sign-in "
                + "commands (see `authflow --help`), using the same project and --state-dir."
        case .storage(let error):
            error.cliMessage
        case .rejected, .service:
            description
        case .projectMismatch(let mismatch):
            mismatch.cliMessage
        }
    }
}

extension SignInError {
    var cliMessage: String {
        switch self {
        case .storage(let error): error.cliMessage
        case .recaptcha(let error): error.cliMessage
        case .projectMismatch(let mismatch): mismatch.cliMessage
        case .invalidEmail(let invalid): invalid.cliMessage
        default: description
        }
    }
}

extension StorageError {
    var cliMessage: String {
        switch self {
        case .noStateDirectory:
            "There is nowhere to keep sign-in state: HOME is not set. Pass --state-dir DIR or set XDG_STATE_HOME."
        case .lockTimeout(let path):
            "Another authflow process is holding \(path). Wait for it to finish, or remove the file if none is running."
        default:
            description
        }
    }
}
