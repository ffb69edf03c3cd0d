import AuthflowCore
import AuthflowLocalization
import AuthflowParsing

extension DocumentSearchError {
    /// Why a saved email or page could not be searched, in the language in force.
    var cliMessage: String {
        switch self {
        case .document(let error): error.cliMessage
        case .shortLink(let error): error.cliMessage
        case .damagedLink(let error): error.cliMessage
        }
    }
}

extension DocumentError {
    var cliMessage: String {
        switch self {
        case .tooLarge(let limit):
            localized("The document is larger than the limit of \(limit) bytes.")
        case .notAnEmail:
            localized(
                "The input is not an email: it does not start with header lines such as \"From:\" or "
                    + "\"Subject:\".")
        case .nestingTooDeep(let limit):
            localized("The email nests MIME parts more than \(limit) levels deep.")
        case .tooManyParts(let limit):
            localized("The email has more than \(limit) text parts, the most searched; the search stopped there.")
        case .libraryUnavailable(let missing):
            missing.cliMessage
        }
    }
}

extension ShortLinkError {
    /// Why a short link could not be expanded, in the language in force.
    var cliMessage: String {
        switch self {
        case .network(let link, let underlying):
            localized(
                "Could not resolve the short link \(link): \(underlying.cliMessage) Short links can only be expanded "
                    + "online; pass the long link instead, or run again when the network is back.")
        case .notFound(let link):
            localized(
                "The short link \(link) does not exist any more (HTTP 404). Firebase Dynamic Links shut down on "
                    + "2025-08-25: ask for a new sign-in email.")
        case .noRedirect(let link, let status):
            localized("The short link \(link) did not redirect anywhere (HTTP \(status)): pass the long link instead.")
        case .notHTTPS(let link):
            localized("Refusing to follow \(link): short links are only resolved over HTTPS.")
        case .tooManyHops(let link, let limit):
            localized(
                "The short link \(link) redirected more than \(limit) times between short-link hosts; stopped.")
        }
    }
}

/// The limits on a saved page or email, as `link inspect` and `email-link complete` state them in their help.
enum DocumentLimits {
    static var help: String {
        "A page or email (--html, --eml) may be up to \(InputReading.maximumDocumentBytes >> 20) MiB, and every "
            + "link in it is searched, however many. An email's MIME parts may nest "
            + "\(MIMEMessage.maximumNestingDepth) levels deep and hold \(MIMEMessage.maximumTextPartCount) text "
            + "parts; a link is unwrapped through at most \(ActionLinkUnwrapper.maximumDepth) layers."
    }
}
