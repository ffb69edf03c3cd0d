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
