import AuthflowCore
import AuthflowLocalization
import AuthflowParsing

/// Email link failures with the CLI's flags.
extension EmailLinkError {
    var cliMessage: String {
        switch self {
        case .input(let error):
            return error.cliMessage
        case .notAnEmailLink(.authCallback):
            return localized(
                "This is a callback from a hosted Firebase page, not an email sign-in link. Pass the link from "
                    + "the sign-in email.")
        case .notAnEmailLink:
            return localized(
                "This is not a Firebase email sign-in link. Pass the link from the sign-in email (any wrapper "
                    + "a mail gateway added is fine), or the whole email with --eml.")
        case .unexpandedShortLink(let link):
            return localized(
                "\(link) is a short link, which only its server can expand; allow the network (no --offline) "
                    + "or pass the long link from the email.")
        case .otherProject(let link):
            return link.cliMessage
        case .otherTenant(let linkTenant, let configuredTenant):
            let link = linkTenant.map { "tenant \($0)" } ?? localized("no tenant")
            let ours = configuredTenant.map { "tenant \($0)" } ?? localized("no tenant")
            let fix = linkTenant.map { "--tenant-id \($0)" } ?? "no --tenant-id"
            return localized(
                "This sign-in link is for \(link), but authflow is configured for \(ours). Complete it with "
                    + "\(fix). The link was not used.")
        case .emailNeeded(let project):
            return localized(
                "This link must be completed with the email address it was sent to, and no address is "
                    + "pending for \(project.cliLabel) on this machine. Pass --email ADDRESS.")
        case .wrongEmail(let email, let server):
            return localized(
                "This sign-in link was not sent to \(email); it must be completed with the address it was "
                    + "sent to. Pass --email with that address. (\(server.cliMessage))")
        case .session(let error):
            return error.cliMessage
        case .signIn(let error):
            return error.cliMessage
        case .invalidEmail(let invalid):
            return invalid.cliMessage
        case .pendingNotSaved(let email, let error):
            return localized(
                "The sign-in link was sent to \(email), but authflow could not remember the address: "
                    + "\(error.cliMessage) Complete the link with --email \(email).")
        case .document(let search):
            return search.cliMessage
        case .noLinkInDocument(let count):
            return localized(
                "None of the \(count) links in it is a Firebase sign-in link. Pass the email that holds the "
                    + "sign-in link, or the link itself.")
        case .notASignInLink(let mode):
            return localized(
                "This is a \(mode.cliSummary) (mode=\(mode.rawValue)), not a sign-in link, so it cannot sign "
                    + "anyone in. Open it in a browser for what it does, or pass the link from the sign-in email. "
                    + "The link was not used.")
        case .linkUnusable(let server):
            return server.cliMessage
        }
    }
}

extension OtherProjectLink {
    /// What is wrong, naming the flags that point authflow at the link's project.
    var cliMessage: String {
        message(
            in: Terms(
                speaker: "authflow", projectSettings: "--project-id and --api-key",
                emulatorSetting: "--emulator HOST:PORT", withoutEmulator: "without --emulator"))
    }
}

extension LinkInspectionError {
    var cliMessage: String {
        switch self {
        case .input(let error): error.cliMessage
        case .shortLink(let error): error.cliMessage
        }
    }
}

extension LinkInputError {
    var cliMessage: String {
        switch self {
        case .invalidUTF8:
            localized(
                "The input is not valid UTF-8 text: pass the link as text, or use --eml/--html for a "
                    + "saved email.")
        case .empty:
            localized(
                "The input is empty: pass the link the user clicked, e.g. "
                    + "https://PROJECT.firebaseapp.com/__/auth/action?…")
        case .tooLong(let length, let limit):
            localized(
                "The link is \(length) bytes long, over the \(limit)-byte limit: check that a whole file was not "
                    + "pasted as one link.")
        case .controlCharacters:
            localized(
                "The link contains control characters: copy it again from the email or the browser's address bar.")
        case .notAURL(let preview):
            localized("\"\(preview)\" is not a URL: a link starts with a scheme such as https://.")
        case .tooDeeplyNested(let limit):
            localized(
                "The link is wrapped more than \(limit) times: it looks malformed or hostile, so it was not "
                    + "unwrapped.")
        case .damagedParameter(let name, .malformedEscape):
            localized(
                "The link's \(name) parameter holds a % that is not followed by two hex digits: the link was cut "
                    + "off or altered in transit. Copy it again.")
        case .damagedParameter(let name, .invalidUTF8):
            localized(
                "The link's \(name) parameter decodes to bytes that are not UTF-8: the link was cut off or altered "
                    + "in transit. Copy it again.")
        }
    }
}

extension EmailActionMode {
    /// What a link of this mode does, in the language in force ("password-reset link").
    var cliSummary: String {
        switch self {
        case .signIn: localized("sign-in link")
        case .resetPassword: localized("password-reset link")
        case .verifyEmail: localized("email-verification link")
        case .verifyAndChangeEmail: localized("change-of-email verification link")
        case .recoverEmail: localized("email-recovery link (undoes an email change)")
        case .revertSecondFactorAddition: localized("link that removes a newly added second factor")
        }
    }
}
