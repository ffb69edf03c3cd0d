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
        return try await search(links: links.map(\.url))
    }

    /// Searches a raw email (RFC 5322 / MIME).
    public func search(eml: [UInt8]) async throws(DocumentSearchError) -> DocumentLinkSearch {
        let links: [ExtractedLink]
        do { links = try EmailLinkExtractor.links(inEML: eml) } catch { throw .document(error) }
        return try await search(links: links.map(\.url))
    }

    /// Chooses among links already extracted, in document order.
    public func search(links: [String]) async throws(DocumentSearchError) -> DocumentLinkSearch {
        var inspections: [LinkInspection] = []
        var seen = Set<String>()
        var damage: LinkInputError?
        for link in links where seen.insert(link).inserted {
            do {
                inspections.append(try inspector.offline.inspect(link))
            } catch {
                // Links that are not URLs at all (broken markup, `javascript:` noise) are simply not candidates; a
                // damaged one that bears a Firebase link's marks is kept to be reported if nothing better turns up.
                if case .damagedParameter = error, damage == nil, FirebaseLinkTraces.appear(in: link) {
                    damage = error
                }
            }
        }
        let actions = inspections.filter { $0.kind == .emailAction }
        let chosen =
            actions.first(where: { $0.action?.isSignIn == true }) ?? actions.first
            ?? inspections.first(where: { $0.kind == .authCallback })
        if let chosen {
            // A good Firebase link wins over a damaged copy (mailers often break the plain-text copy of a link).
            return DocumentLinkSearch(
                chosen: chosen, linkCount: seen.count,
                actionLinkCount: Set(actions.compactMap(\.action?.oobCode)).count)
        }
        if let damage { throw .damagedLink(damage) }

        var firstFailure: ShortLinkError?
        if inspector.resolver != nil {
            let shortLinks = inspections.compactMap(\.unresolvedShortLink).prefix(Self.maximumShortLinks)
            for shortLink in shortLinks {
                do {
                    let expanded = try await inspector.inspect(shortLink)
                    if expanded.kind != .unknown {
                        return DocumentLinkSearch(
                            chosen: expanded, linkCount: seen.count,
                            actionLinkCount: expanded.kind == .emailAction ? 1 : 0)
                    }
                } catch {
                    if case .shortLink(let failure) = error, firstFailure == nil { firstFailure = failure }
                }
            }
        }
        if let firstFailure { throw .shortLink(firstFailure) }
        return DocumentLinkSearch(chosen: nil, linkCount: seen.count, actionLinkCount: 0)
    }
}
