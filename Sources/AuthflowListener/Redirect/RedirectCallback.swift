import AuthflowPrimitives

/// A callback URL that reached a ``RedirectListener``, whichever way it came.
public struct RedirectCallback: Sendable, Hashable {
    /// How the callback arrived.
    public enum Route: String, Sendable, Hashable {
        /// The browser requested the listener's callback path (a query, or a `form_post` body).
        case http
        /// `authflow handle-url` forwarded a URL the desktop handed it (a custom scheme).
        case handoff
        /// The user pasted the final URL (headless and SSH sessions).
        case paste
    }

    /// The URL as received. For a form post it is the request URL; its parameters came in the body.
    public let url: String
    /// The query's parameters, then the fragment's (custom-scheme URLs only), then a form body's; decoded.
    public let parameters: QueryParameters
    /// How it arrived.
    public let route: Route
    /// The URL split into its parts, once, for every check that looks at its scheme, host or path; `nil` when
    /// it is not a URL.
    public let parts: URLParts?

    /// A callback made of its parts; the listener builds these, tests and embedders may too. A `url` holding a
    /// control character is refused (see ``CallbackURLError``).
    public init(url: String, parameters: QueryParameters, route: Route) throws(CallbackURLError) {
        try Self.check(url)
        self.init(url: url, parts: URLParts(url), parameters: parameters, route: route)
    }

    /// A callback carried by a URL alone (pasted or handed over): its query and fragment parameters. The one
    /// place a callback URL is read: a `url` holding a control character is refused (see ``CallbackURLError``).
    public init(url: String, route: Route) throws(CallbackURLError) {
        try Self.check(url)
        let parts = URLParts(url)
        // `+` is a space in both, as form encoding (and OAuth servers) use it.
        var pairs = QueryParameters(url: url, plusAsSpace: true).pairs
        if let fragment = parts?.fragment {
            pairs += QueryParameters(query: fragment[...], plusAsSpace: true).pairs
        }
        self.init(url: url, parts: parts, parameters: QueryParameters(pairs: pairs), route: route)
    }

    /// Refuses a URL holding one of the ``ControlCharacters``: raw, no URL carries one.
    private static func check(_ url: String) throws(CallbackURLError) {
        if let (scalar, offset) = ControlCharacters.first(in: url) {
            throw .controlCharacter(scalar, offset: offset)
        }
    }

    private init(url: String, parts: URLParts?, parameters: QueryParameters, route: Route) {
        self.url = url
        self.parts = parts
        self.parameters = parameters
        self.route = route
    }

    /// The parameters in order, each name once; where a name repeats, the first value wins.
    public var distinctParameters: [(name: String, value: String)] {
        var seen = Set<String>()
        return parameters.pairs.filter { seen.insert($0.name).inserted }
    }
}
