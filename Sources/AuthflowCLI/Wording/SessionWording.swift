import AuthflowCore
import AuthflowLocalization
import AuthflowStorage

/// Session, sign-in and storage failures with the CLI's flags and commands.
extension SessionError {
    var cliMessage: String {
        switch self {
        case .notSignedIn(let project):
            localized(
                "Nobody is signed in to \(project) on this machine. Sign in first with one of authflow's sign-in "
                    + "commands (see `authflow --help`), using the same project and --state-dir.")
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
            localized(
                "There is nowhere to keep sign-in state: HOME is not set. Pass --state-dir DIR or set "
                    + "XDG_STATE_HOME.")
        case .lockTimeout(let path):
            localized(
                "Another authflow process is holding \(path). Wait for it to finish, or remove the file "
                    + "if none is running.")
        default:
            description
        }
    }
}

extension SignInPurpose {
    /// The purpose inside a sentence, in the language in force ("sign in", "link", "re-authenticate").
    var cliPhrase: String {
        switch self {
        case .signIn: localized("sign in")
        case .link: localized("link")
        case .reauthenticate: localized("re-authenticate")
        }
    }
}

extension SessionProject {
    /// The project as the CLI's messages name it, in the language in force: `my-project`,
    /// `my-project (tenant t1)`, `demo (emulator 127.0.0.1:9099)`.
    var cliLabel: String {
        SessionProject.cliLabel(projectID: projectID, tenantID: tenantID, emulatorHost: emulatorHost)
    }

    /// The label of a project given by its parts.
    static func cliLabel(projectID: String, tenantID: String?, emulatorHost: String?) -> String {
        var label = projectID
        if let tenantID { label += " " + localized("(tenant \(tenantID))") }
        if let emulatorHost { label += " " + localized("(emulator \(emulatorHost))") }
        return label
    }
}
