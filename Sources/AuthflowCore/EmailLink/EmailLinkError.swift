import AuthflowIdentityToolkit
import AuthflowParsing
import AuthflowStorage

/// Why an email sign-in link could not be sent or completed. Every case says what to do next; none of them
/// has used the link unless the server itself refused it.
public enum EmailLinkError: Error, Sendable, CustomStringConvertible {
    /// The text is not a usable link, or a short link could not be expanded.
    case input(LinkInspectionError)
    /// The HTML page or email could not be searched.
    case document(DocumentSearchError)
    /// The page or email holds no Firebase link.
    case noLinkInDocument(linkCount: Int)
    /// The link is not a Firebase email action link (`kind` says what it is instead).
    case notAnEmailLink(LinkKind)
    /// The link is a short link, and expanding it (online) was not allowed.
    case unexpandedShortLink(String)
    /// An email action link of another kind, such as a password reset, handed in by mistake.
    case notASignInLink(EmailActionMode)
    /// The link belongs to another project or backend.
    case otherProject(OtherProjectLink)
    /// The link belongs to another tenant (or to none, or this project has none).
    case otherTenant(linkTenant: String?, configuredTenant: String?)
    /// No email was given, none is pending for this project, and nobody can be asked.
    case emailNeeded(project: SessionProject)
    /// The server says the link was not sent to `email`.
    case wrongEmail(email: String, ServerError)
    /// The server refused the link itself: already used, expired or invalid.
    case linkUnusable(ServerError)
    /// Linking or re-authenticating needs the stored session, which is missing or no longer accepted.
    case session(SessionError)
    /// The sign-in failed for a reason every first factor shares (network, storage, unusable reply, another
    /// user on re-authentication).
    case signIn(SignInError)
    /// The link was sent, but the address could not be remembered for completing it.
    case pendingNotSaved(email: String, StorageError)
    /// The address to send the link to or complete it with (given, or typed when asked) is not an email
    /// address; nothing was sent or saved and the link was not used.
    case invalidEmail(InvalidEmailAddress)

    public var description: String {
        switch self {
        case .invalidEmail(let invalid):
            return invalid.description
        case .input(let error):
            return error.description
        case .document(let error):
            return error.description
        case .noLinkInDocument(let count):
            return "None of the \(count) links in it is a Firebase sign-in link. Pass the email that holds the "
                + "sign-in link, or the link itself."
        case .notAnEmailLink(.authCallback):
            return "This is a callback from a hosted Firebase page, not an email sign-in link. Pass the link from "
                + "the sign-in email."
        case .notAnEmailLink:
            return "This is not a Firebase email sign-in link. Pass the link from the sign-in email (any wrapper "
                + "a mail gateway added is fine), or search the whole email for it."
        case .unexpandedShortLink(let link):
            return "\(link) is a short link, which only its server can expand; allow the network (expand short "
                + "links) or pass the long link from the email."
        case .notASignInLink(let mode):
            return "This is a \(mode.summary) (mode=\(mode.rawValue)), not a sign-in link, so it cannot sign "
                + "anyone in. Open it in a browser for what it does, or pass the link from the sign-in email. "
                + "The link was not used."
        case .otherProject(let link):
            return link.description
        case .otherTenant(let linkTenant, let configuredTenant):
            let link = linkTenant.map { "tenant \($0)" } ?? "no tenant"
            let ours = configuredTenant.map { "tenant \($0)" } ?? "no tenant"
            let fix = linkTenant.map { "the tenant ID \($0)" } ?? "no tenant ID"
            return "This sign-in link is for \(link), but the configuration is for \(ours). Complete it with "
                + "\(fix). The link was not used."
        case .emailNeeded(let project):
            return "This link must be completed with the email address it was sent to, and no address is "
                + "pending for \(project.label) on this machine. Give the address."
        case .wrongEmail(let email, let server):
            return "This sign-in link was not sent to \(email); it must be completed with the address it was "
                + "sent to. Give that address. (\(server.message))"
        case .linkUnusable(let server):
            return server.message
        case .session(let error):
            return error.description
        case .signIn(let error):
            return error.description
        case .pendingNotSaved(let email, let error):
            return "The sign-in link was sent to \(email), but the address could not be remembered: "
                + "\(error.description) Complete the link with the address \(email)."
        }
    }
}
