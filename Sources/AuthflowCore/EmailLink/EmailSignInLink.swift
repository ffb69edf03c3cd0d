import AuthflowParsing

/// An email sign-in link, found: the inspection that found it and its action link's fields, already known
/// to be an email action link whose mode is `signIn`. Made once (by ``EmailLinkCompletion`` from an
/// ``EmailLinkSource``, or by a caller that inspected the link itself, as `authflow handle-url` does) and
/// handed on, so nothing after it inspects or classifies the link again.
public struct EmailSignInLink: Sendable, Hashable {
    /// How the link was found: its wrappers and fields.
    public let inspection: LinkInspection
    /// The action link's fields.
    public let action: ActionCodeURL

    /// The sign-in link `inspection` found, or why it found none: not an email action link (or a short link
    /// that was not expanded), or an action other than sign-in.
    public init(_ inspection: LinkInspection) throws(EmailLinkError) {
        guard inspection.kind == .emailAction, let action = inspection.action else {
            if let shortLink = inspection.unresolvedShortLink { throw .unexpandedShortLink(shortLink) }
            throw .notAnEmailLink(inspection.kind)
        }
        guard action.isSignIn else { throw .notASignInLink(action.mode) }
        self.inspection = inspection
        self.action = action
    }
}
