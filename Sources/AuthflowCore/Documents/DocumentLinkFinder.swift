import AuthflowParsing

/// Picks the Firebase link out of an email or web page full of other links (logos, unsubscribe, tracking).
///
/// Preference: the first sign-in action link; else the first other action link; else the first auth
/// callback; else, when a link bearing a Firebase link's marks could not be read (a broken percent escape), that
/// damage; else, online, the first short link that expands to one of those.
public struct DocumentLinkFinder: Sendable {
    /// The most short links expanded per document, to bound network work on hostile input.
    public static let maximumShortLinks = 3

    /// Classifies each candidate link, and expands short links when it may go online.
    public let inspector: LinkInspector

    /// A finder that classifies links with `inspector`.
    public init(inspector: LinkInspector) {
        self.inspector = inspector
    }

    /// Searches an HTML document.
    public func search(html: [UInt8]) async throws(DocumentSearchError) -> DocumentLinkSearch {
        let links: [ExtractedLink]
        do { links = try HTMLLinkExtractor.links(inHTML: html) } catch { throw .document(error) }
        return try await search(extracted: links)
    }

    /// Searches a raw email (RFC 5322 / MIME).
    public func search(eml: [UInt8]) async throws(DocumentSearchError) -> DocumentLinkSearch {
        let links: [ExtractedLink]
        do { links = try EmailLinkExtractor.links(inEML: eml) } catch { throw .document(error) }
        return try await search(extracted: links)
    }

    /// Chooses among links, in document order; a link given twice counts once.
    public func search(links: [String]) async throws(DocumentSearchError) -> DocumentLinkSearch {
        var seen = Set<String>()
        return try await choose(among: links.filter { seen.insert($0).inserted })
    }

    /// Chooses among the links an extractor found (``HTMLLinkExtractor``, ``EmailLinkExtractor``), which are
    /// distinct already and in document order.
    public func search(extracted links: [ExtractedLink]) async throws(DocumentSearchError) -> DocumentLinkSearch {
        try await choose(among: links.lazy.map(\.url))
    }

    /// The choice among distinct links. Only what it needs is kept (the first link of each kind, the action
    /// codes, the first few short links), not an inspection per link: a page may hold a million links.
    private func choose(among links: some Sequence<String>) async throws(DocumentSearchError) -> DocumentLinkSearch {
        var linkCount = 0
        var firstSignIn: LinkInspection?
        var firstAction: LinkInspection?
        var firstCallback: LinkInspection?
        var actionCodes = Set<String>()
        var shortLinks: [String] = []
        var damage: LinkInputError?
        for link in links {
            linkCount += 1
            let inspection: LinkInspection
            do {
                inspection = try inspector.offline.inspect(link)
            } catch {
                // Links that are not URLs at all (broken markup, `javascript:` noise) are simply not candidates; a
                // damaged one that bears a Firebase link's marks is kept to be reported if nothing better turns up.
                if case .damagedParameter = error, damage == nil, FirebaseLinkTraces.appear(in: link) {
                    damage = error
                }
                continue
            }
            switch inspection.kind {
            case .emailAction:
                if let code = inspection.action?.oobCode { actionCodes.insert(code) }
                if firstAction == nil { firstAction = inspection }
                if firstSignIn == nil, inspection.action?.isSignIn == true { firstSignIn = inspection }
            case .authCallback:
                if firstCallback == nil { firstCallback = inspection }
            case .unknown: break
            }
            if shortLinks.count < Self.maximumShortLinks, let shortLink = inspection.unresolvedShortLink {
                shortLinks.append(shortLink)
            }
        }
        if let chosen = firstSignIn ?? firstAction ?? firstCallback {
            // A good Firebase link wins over a damaged copy (mailers often break the plain-text copy of a link).
            return DocumentLinkSearch(chosen: chosen, linkCount: linkCount, actionLinkCount: actionCodes.count)
        }
        if let damage { throw .damagedLink(damage) }

        var firstFailure: ShortLinkError?
        if inspector.resolver != nil {
            for shortLink in shortLinks {
                do {
                    let expanded = try await inspector.inspect(shortLink)
                    if expanded.kind != .unknown {
                        return DocumentLinkSearch(
                            chosen: expanded, linkCount: linkCount,
                            actionLinkCount: expanded.kind == .emailAction ? 1 : 0)
                    }
                } catch {
                    if case .shortLink(let failure) = error, firstFailure == nil { firstFailure = failure }
                }
            }
        }
        if let firstFailure { throw .shortLink(firstFailure) }
        return DocumentLinkSearch(chosen: nil, linkCount: linkCount, actionLinkCount: 0)
    }
}

/// Why a document (HTML page or .eml) could not be searched for an action link.
public enum DocumentSearchError: Error, Sendable, CustomStringConvertible {
    /// The document could not be read as HTML or MIME.
    case document(DocumentError)
    /// Only short links were found, and none could be expanded.
    case shortLink(ShortLinkError)
    /// No usable Firebase link was found, and one that looks like a Firebase link is damaged (a parameter holds a
    /// broken percent escape): the document was altered in transit.
    case damagedLink(LinkInputError)

    public var description: String {
        switch self {
        case .document(let error): error.description
        case .shortLink(let error): error.description
        case .damagedLink(let error): error.description
        }
    }
}

/// The outcome of searching a document for the link that matters.
public struct DocumentLinkSearch: Sendable {
    /// The chosen link, or `nil` when no Firebase link was among the document's links.
    public let chosen: LinkInspection?
    /// How many distinct links the document held.
    public let linkCount: Int
    /// How many of them were email action links (more than one is worth telling people about).
    public let actionLinkCount: Int
}
