import AuthflowPrimitives

/// Finds the email action link inside whatever wraps it.
///
/// At each level the candidate order is the JS SDK's `parseDeepLink`: `link` inside `deep_link_id`, then
/// `deep_link_id`, then `deep_link_id` inside `link`, then `link`, then the URL itself. Beyond the SDK it also
/// peels mail-gateway rewriters, keeps going when a candidate is itself a wrapper (the SDK gives up on a
/// Dynamic Link around a Hosting link), and stops at ``maximumDepth`` so hostile input cannot make it loop.
public enum ActionLinkUnwrapper {
    /// The most wrappers peeled before the input is rejected as too deeply nested.
    public static let maximumDepth = 32

    /// What unwrapping found.
    public struct Result: Sendable, Hashable {
        /// The action link, when one was found.
        public let action: ActionCodeURL?
        /// The last URL reached: the action link, or the innermost URL when there is none.
        public let innermost: String
        /// The wrappers peeled, outermost first.
        public let layers: [LinkLayer]
    }

    /// Unwraps `link`, which should already be normalised (see ``LinkInput``).
    public static func unwrap(_ link: String) throws(LinkInputError) -> Result {
        var current = link
        var layers: [LinkLayer] = []
        // Levels left for their nested link before being parsed themselves; only these need a second look.
        var passedOver: [(url: String, depth: Int)] = []
        var currentIsParsed = false

        // Each level's query is split once; a candidate split (and checked) below is carried into the next turn.
        var checkedQuery: RawQuery?
        while true {
            guard layers.count <= maximumDepth else { throw .tooDeeplyNested(limit: maximumDepth) }
            let query: RawQuery
            if let checkedQuery {
                query = checkedQuery
            } else {
                query = RawQuery(url: current[...])
                // Every layer is read as the SDKs read it, strictly: a broken escape anywhere is a damaged link,
                // never text passed on half-decoded.
                if let (name, damage) = query.firstDamage() {
                    throw .damagedParameter(name: name, damage)
                }
            }
            checkedQuery = nil
            if let host = URLParts.host(of: current), MailSecurityWrapper.isWrapperHost(host),
                let parts = URLParts(current), let (wrapper, target) = MailSecurityWrapper.unwrap(current, parts: parts)
            {
                if !currentIsParsed { passedOver.append((current, layers.count)) }
                layers.append(.mailSecurity(wrapper))
                current = LinkInput.tidy(target)
                currentIsParsed = false
                continue
            }
            guard let (candidate, peeled) = nestedCandidate(in: current, query: query) else {
                if !currentIsParsed, let action = ActionCodeURL(current, query: query) {
                    return Result(action: action, innermost: current, layers: layers)
                }
                break
            }
            if !currentIsParsed { passedOver.append((current, layers.count)) }
            layers.append(contentsOf: peeled)
            current = LinkInput.tidy(candidate)
            let candidateQuery = RawQuery(url: current[...])
            if let (name, damage) = candidateQuery.firstDamage() {
                throw .damagedParameter(name: name, damage)
            }
            if let action = ActionCodeURL(current, query: candidateQuery) {
                return Result(action: action, innermost: current, layers: layers)
            }
            currentIsParsed = true
            checkedQuery = candidateQuery
        }

        // A level may be an action link that also carries a stray `link`/`deep_link_id`; innermost wins.
        for level in passedOver.reversed() {
            if let action = ActionCodeURL(level.url) {
                return Result(action: action, innermost: level.url, layers: Array(layers.prefix(level.depth)))
            }
        }
        return Result(action: nil, innermost: current, layers: layers)
    }

    /// The JS SDK's candidate for one level, or `nil` when the URL nests nothing.
    static func nestedCandidate(
        in url: String, query parameters: RawQuery
    ) -> (candidate: String, layers: [LinkLayer])? {
        let link = parameters.value("link")
        let iosDeepLink = parameters.value("deep_link_id")

        if let iosDeepLink {
            let deepLinkLayer = LinkLayer.classify(outer: url, parameter: "deep_link_id")
            if let iosDoubleDeepLink = RawQuery(url: iosDeepLink[...]).value("link") {
                return (iosDoubleDeepLink, [deepLinkLayer, LinkLayer.classify(outer: iosDeepLink, parameter: "link")])
            }
            return (iosDeepLink, [deepLinkLayer])
        }
        if let link {
            let linkLayer = LinkLayer.classify(outer: url, parameter: "link")
            if let doubleDeepLink = RawQuery(url: link[...]).value("deep_link_id") {
                return (doubleDeepLink, [linkLayer, LinkLayer.classify(outer: link, parameter: "deep_link_id")])
            }
            return (link, [linkLayer])
        }
        return nil
    }
}
