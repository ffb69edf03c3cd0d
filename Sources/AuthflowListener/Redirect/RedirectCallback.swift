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
    /// The URL's own query (after its first `?`, up to the next `#`), decoded with `+` as a space, read with the
    /// rest of the URL: without the fragment's or a form body's parameters (in ``parameters`` they follow it). A
    /// reader of a callback's fields takes them from here (`AuthCallback(url:parts:query:)`) rather than reading
    /// the URL again.
    public let query: QueryParameters
    /// How it arrived.
    public let route: Route
    /// The URL split into its parts, once, for every check that looks at its scheme, host or path; `nil` when
    /// it is not a URL.
    public let parts: URLParts?

    /// A callback made of its parts; tests and embedders build these. A `url` holding a control character is
    /// refused (see ``CallbackURLError``).
    public init(url: String, parameters: QueryParameters, route: Route) throws(CallbackURLError) {
        try Self.check(url)
        let read = Self.read(url)
        self.init(url: url, parts: read.parts, query: read.query, parameters: parameters, route: route)
    }

    /// A callback carried by a URL alone (pasted or handed over): its query and fragment parameters. The one
    /// place a callback URL is read: a `url` holding a control character is refused (see ``CallbackURLError``).
    public init(url: String, route: Route) throws(CallbackURLError) {
        try Self.check(url)
        let (parts, query) = Self.read(url)
        var parameters = query
        if let fragment = parts?.fragment {
            parameters = QueryParameters(
                pairs: query.pairs + QueryParameters(query: fragment[...], plusAsSpace: true).pairs)
        }
        self.init(url: url, parts: parts, query: query, parameters: parameters, route: route)
    }

    /// A request to the listener's callback path: `url` is the request's address with its `query`, decoded by the
    /// listener, and `body` the parameters of a form post (none otherwise). Only the address is split here.
    init(url: String, query: QueryParameters, body: QueryParameters?, route: Route) throws(CallbackURLError) {
        try Self.check(url)
        let parameters = body.map { QueryParameters(pairs: query.pairs + $0.pairs) } ?? query
        self.init(url: url, parts: URLParts(url), query: query, parameters: parameters, route: route)
    }

    /// Refuses a URL holding one of the ``ControlCharacters``: raw, no URL carries one.
    private static func check(_ url: String) throws(CallbackURLError) {
        if let (scalar, offset) = ControlCharacters.first(in: url) {
            throw .controlCharacter(scalar, offset: offset)
        }
    }

    /// `url` split into its parts and its query decoded, from one scan of its bytes. `+` is a space in the query,
    /// as form encoding (and OAuth servers) use it.
    private static func read(_ url: String) -> (parts: URLParts?, query: QueryParameters) {
        let found = url.withUTF8Buffer { bytes in
            let offsets = URLParts.Offsets(bytes)
            return (offsets, URLParts.queryOffsets(in: bytes, offsets: offsets))
        }
        let parts = found.0.flatMap { URLParts(url, offsets: $0) }
        let query = found.1.map { url[...].slice(utf8: $0.lowerBound, $0.upperBound) } ?? ""
        return (parts, QueryParameters(query: query, plusAsSpace: true))
    }

    private init(url: String, parts: URLParts?, query: QueryParameters, parameters: QueryParameters, route: Route) {
        self.url = url
        self.parts = parts
        self.query = query
        self.parameters = parameters
        self.route = route
    }

    /// The parameters in order, each name once; where a name repeats, the first value wins.
    public var distinctParameters: [(name: String, value: String)] {
        var seen = Set<String>()
        return parameters.pairs.filter { seen.insert($0.name).inserted }
    }
}
