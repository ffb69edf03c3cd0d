import AuthflowParsing

/// The unwrapping step: finds the email action link in what the user handed over, peeling every wrapper
/// (the parsing layer) and expanding short links when the inspector may go online.
struct EmailLinkLocator: Sendable {
    let inspector: LinkInspector

    /// The sign-in link, with its inspection and fields; anything that is not an email sign-in link is
    /// refused here, before anything is sent.
    func locate(_ source: EmailLinkSource) async throws(EmailLinkError) -> EmailSignInLink {
        let inspection: LinkInspection
        switch source {
        case .signInLink(let link):
            return link
        case .link(let text):
            do {
                inspection = try await inspector.inspect(text)
            } catch {
                throw .input(error)
            }
        case .html(let bytes), .eml(let bytes):
            let finder = DocumentLinkFinder(inspector: inspector)
            let search: DocumentLinkSearch
            do {
                if case .html = source {
                    search = try await finder.search(html: bytes)
                } else {
                    search = try await finder.search(eml: bytes)
                }
            } catch {
                throw .document(error)
            }
            guard let chosen = search.chosen else { throw .noLinkInDocument(linkCount: search.linkCount) }
            inspection = chosen
        }
        return try EmailSignInLink(inspection)
    }
}

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
