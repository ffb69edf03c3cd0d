import AuthflowParsing

/// The unwrapping step: finds the email action link in what the user handed over, peeling every wrapper
/// (the parsing layer) and expanding short links when the inspector may go online.
struct EmailLinkLocator: Sendable {
    let inspector: LinkInspector

    /// The inspection of the action link, with its fields; anything that is not an email action link is
    /// refused here, before anything is sent.
    func locate(_ source: EmailLinkSource) async throws(EmailLinkError) -> (LinkInspection, ActionCodeURL) {
        let inspection: LinkInspection
        switch source {
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
                if case .html = source { search = try await finder.search(html: bytes) } else { search = try await finder.search(eml: bytes) }
            } catch {
                throw .document(error)
            }
            guard let chosen = search.chosen else { throw .noLinkInDocument(linkCount: search.linkCount) }
            inspection = chosen
        }
        guard inspection.kind == .emailAction, let action = inspection.action else {
            if let shortLink = inspection.unresolvedShortLink { throw .unexpandedShortLink(shortLink) }
            throw .notAnEmailLink(inspection.kind)
        }
        return (inspection, action)
    }
}
