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
            return description
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
                    + "pending for \(project) on this machine. Pass --email ADDRESS.")
        case .wrongEmail(let email, let server):
            return localized(
                "This sign-in link was not sent to \(email); it must be completed with the address it was "
                    + "sent to. Pass --email with that address. (\(server.message))")
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
        case .noLinkInDocument, .notASignInLink, .linkUnusable:
            return description
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
        case .shortLink: description
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
        default: description
        }
    }
}
