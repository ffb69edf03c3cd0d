/// Where the sign-in link comes from: the link as clicked or pasted, or the page or email holding it.
public enum EmailLinkSource: Sendable {
    /// A link, wrapped or not (mail gateways, Dynamic Links, `/__/auth/links`, `deep_link_id`, the
    /// emulator's continue-URL redirect).
    case link(String)
    /// An HTML document (a saved web-mail page) holding the link among others.
    case html([UInt8])
    /// A raw email (RFC 5322 / MIME, `.eml`) holding the link among others.
    case eml([UInt8])
    /// A link the caller already inspected and knows to be a sign-in link; it is used as it is.
    case signInLink(EmailSignInLink)
}
