import AuthflowCore
import AuthflowLocalization
import AuthflowStorage

/// Session, sign-in and storage failures with the CLI's flags and commands.
extension SessionError {
    var cliMessage: String {
        switch self {
        case .notSignedIn(let project):
            localized(
                "Nobody is signed in to \(project.cliLabel) on this machine. Sign in first with one of authflow's "
                    + "sign-in "
                    + "commands (see `authflow --help`), using the same project and --state-dir.")
        case .storage(let error):
            error.cliMessage
        case .rejected(let server):
            server.cliMessage
        case .service(let error):
            error.cliMessage
        case .projectMismatch(let mismatch):
            mismatch.cliMessage
        }
    }
}

extension SignInError {
    var cliMessage: String {
        switch self {
        case .storage(let error): error.cliMessage
        case .cannotStore(let error):
            localized(
                "\(error.cliMessage) Nothing was sent, so the link or code is still unused: free some space or make "
                    + "the state directory writable, then run the command again.")
        case .recaptcha(let error): error.cliMessage
        case .projectMismatch(let mismatch): mismatch.cliMessage
        case .invalidEmail(let invalid): invalid.cliMessage
        case .service(let error): error.cliMessage
        case .conflict(.needsConfirmation(let email)):
            localized(
                "An account with \(email ?? localized("this email")) already exists with another sign-in method. "
                    + "Sign in to that account first, then link this method to it.")
        case .conflict(.phoneNumberInUse(let phoneNumber, _)):
            localized("The phone number \(phoneNumber) already belongs to another account.")
        case .unusableReply:
            localized(
                "Firebase accepted the sign-in but sent neither tokens nor a second-factor challenge. Try again; "
                    + "if it keeps happening, check that --emulator or the configured backend points at Firebase "
                    + "Auth.")
        case .userMismatch(let expected, let other, let email):
            localized(
                "That credential belongs to another account (\(email ?? other), uid \(other)), not to the "
                    + "signed-in user (uid \(expected)). Re-authenticate with the signed-in user's own email; the "
                    + "stored session is unchanged.")
        }
    }
}

/// Warnings about the stored session.
enum SessionWording {
    /// `authflow token` printed a refreshed token it could not store.
    static func unsavedToken(_ error: StorageError) -> String {
        localized(
            "authflow: warning: the refreshed ID token was printed but could not be saved. \(error.cliMessage) "
                + "It is valid, but the stored one is not: the next authflow token refreshes again. Free some "
                + "space or make the state directory writable to keep refreshed tokens.")
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
        case .directory(let path, let reason):
            localized("Cannot use the state directory \(path): \(reason.cliMessage).")
        case .write(let path, let reason):
            localized("Cannot save \(path): \(reason.cliMessage). The previous version, if any, is unchanged.")
        case .read(let path, .notARegularFile):
            localized(
                "Cannot read \(path): it is not a regular file (a FIFO, a device or a directory is in its place). "
                    + "Remove it, or put a regular file there, and run the command again.")
        case .read(let path, let reason):
            localized("Cannot read \(path): \(reason.cliMessage).")
        case .corrupt(let path, let reason):
            localized("\(path) is damaged (\(reason.cliMessage)). Remove it and sign in again.")
        }
    }
}

extension StorageProblem {
    /// What went wrong with a state file, as a clause without final punctuation.
    var cliMessage: String {
        switch self {
        case .system(let error): error.cliMessage
        case .notADirectory: localized("it exists and is not a directory")
        case .notARegularFile: localized("it is not a regular file")
        case .ownedByAnotherUser(let uid): localized("it belongs to another user (uid \(uid))")
        case .symbolicLink: localized("it is a symbolic link")
        case .writableByOthers(let mode): localized("other users can write to it (mode \(String(mode, radix: 8)))")
        case .cannotRestrictMode(let error): localized("it cannot be restricted to mode 0700: \(error.cliMessage)")
        case .cannotRemove(let error): localized("it cannot be removed: \(error.cliMessage)")
        case .tooLarge(let limit): localized("it is larger than \(limit) bytes")
        case .noSuchFile: localized("there is no such file")
        case .notUTF8: localized("it is not UTF-8 text")
        case .notAuthflowDocument: localized("it is not a document authflow wrote")
        case .unsupportedFormat(let found, let expected):
            localized("it has format \(found), and this version of authflow reads format \(expected)")
        case .unencodable: localized("the document could not be encoded")
        case .otherProject(let found, let expected):
            localized("it holds a session of project \(found), not of \(expected)")
        case .unexpected(let type): localized("an unexpected error occurred (\(type))")
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
