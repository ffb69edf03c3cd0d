import AuthflowPrimitives

/// Where an auth callback's fields sit in a byte buffer: the one reading of which URLs are Firebase auth callbacks
/// and what they carry (the iOS SDK's: `+` means space, the first duplicate wins, an empty value counts as absent).
///
/// Read from a URL's UTF-8 bytes with a reused ``RawQuery``, the values decoded once onto the end of a buffer;
/// ``AuthCallback``'s `String`s and the batch output's bytes both come from the ranges.
struct CallbackFields: Sendable, Hashable {
    /// The URL's scheme (not lowercased), in the URL read.
    let scheme: Range<Int>
    /// Whether the callback came through a custom scheme rather than HTTP(S).
    let isCustomScheme: Bool
    /// The URL holding the callback's parameters, decoded into the buffer: the custom scheme's `deep_link_id`;
    /// `nil` when it is the URL read itself.
    let callbackURL: Range<Int>?
    let authType: Range<Int>?
    let eventID: Range<Int>?
    let recaptchaToken: Range<Int>?
    let link: Range<Int>?
    let firebaseError: Range<Int>?
    /// The first of the parameters read (`deep_link_id` included) that occurs more than once, which leaves it open
    /// which value the page meant; nil when none does. The SDKs take the first; a flow matching the callback
    /// against its attempt refuses it instead.
    let repeatedParameter: String?

    /// The parameters read, in the order of the indices ``init(url:query:into:)`` is given.
    private static let fieldNames: [StaticString] = ["firebaseError", "recaptchaToken", "link", "eventId", "authType"]
    private static let names = RawQuery.Names(fieldNames)
    /// The same names as text, to find among decoded pairs.
    private static let fieldNameText = fieldNames.map(\.description)

    /// Reads the callback in `url` (UTF-8 bytes), splitting queries in `query` and appending the decoded values
    /// to `values`; `nil` when `url` is not a Firebase auth callback (what was appended is then of no use).
    init?(url: UnsafeBufferPointer<UInt8>, query: inout RawQuery, into values: inout [UInt8]) {
        guard let offsets = URLParts.Offsets(url) else { return nil }
        let scheme = UnsafeBufferPointer(rebasing: url[..<offsets.colon])
        guard URLParts.isValidScheme(bytes: scheme) else { return nil }
        var host = 0..<0
        if let authority = offsets.authority {
            let found = URLParts.hostAndPort(ofAuthority: UnsafeBufferPointer(rebasing: url[authority])).0
            host = (authority.lowerBound + found.lowerBound)..<(authority.lowerBound + found.upperBound)
        }
        guard
            AuthCallback.hasCallbackShape(
                scheme: scheme, host: UnsafeBufferPointer(rebasing: url[host]),
                path: UnsafeBufferPointer(rebasing: url[offsets.path]))
        else { return nil }
        var repeated: String?
        let isHTTP =
            URLParts.bytes(scheme, equalIgnoringCase: "http") || URLParts.bytes(scheme, equalIgnoringCase: "https")
        var callbackURL: Range<Int>?
        if isHTTP {
            query.reset(toURL: url)
        } else {
            // The custom scheme's query as `URLParts` reads it; `deep_link_id` holds the callback URL.
            guard !InertScheme.starts(bytes: url), let parameters = offsets.query else { return nil }
            query.reset(toQuery: UnsafeBufferPointer(rebasing: url[parameters]))
            var repeats: UInt8 = 0
            guard let inner = Self.firstValues(in: query, names: Self.deepLinkID, repeats: &repeats).0 else {
                return nil
            }
            if repeats != 0 { repeated = "deep_link_id" }
            let start = values.count
            query.decode(inner, plusAsSpace: true, appendingTo: &values)
            let decoded = start..<values.count
            callbackURL = decoded
            values.withUnsafeBufferPointer { query.reset(toURL: UnsafeBufferPointer(rebasing: $0[decoded])) }
        }
        self.init(
            scheme: 0..<offsets.colon, isHTTP: isHTTP, callbackURL: callbackURL, query: query, repeated: repeated,
            into: &values)
    }

    /// Reads the callback in `url` (UTF-8 bytes), already split into `parts` with its query decoded in `decoded`
    /// (`+` as a space, as ``AuthCallback`` reads it): the URL is not split, nor its query decoded, again. Only the
    /// callback URL a custom scheme wraps in `deep_link_id` is split, in `query`, and its values decoded onto the
    /// end of `values`; `nil` when `url` is not a Firebase auth callback.
    init?(
        url: UnsafeBufferPointer<UInt8>, parts: URLParts, decoded: QueryParameters, query: inout RawQuery,
        into values: inout [UInt8]
    ) {
        let shape = parts.scheme.withUTF8Buffer { scheme in
            parts.host.withUTF8Buffer { host in
                parts.path.withUTF8Buffer { path in
                    AuthCallback.hasCallbackShape(scheme: scheme, host: host, path: path)
                }
            }
        }
        guard shape else { return nil }
        // `parts.scheme` is the URL's, lowercased: as long.
        let scheme = 0..<parts.scheme.utf8.count
        let pairs = decoded.pairs
        if parts.scheme == "http" || parts.scheme == "https" {
            // The fields are the query's own, decoded already: their bytes are copied into `values`.
            var repeats: UInt8 = 0
            let first = Self.firstValues(in: pairs, names: Self.fieldNameText, repeats: &repeats)
            self.init(scheme: scheme, isHTTP: true, callbackURL: nil, repeated: nil, repeats: repeats, into: &values) {
                index, values in
                first[index].map { Self.append(pairs[$0].value, to: &values) }
            }
            return
        }
        // The custom scheme's query as `URLParts` reads it (the decoded query is that one when it has one).
        guard !InertScheme.starts(bytes: url), parts.query != nil else { return nil }
        var repeats: UInt8 = 0
        guard let inner = Self.firstValues(in: pairs, names: [Self.deepLinkName.description], repeats: &repeats)[0]
        else {
            return nil
        }
        let decodedURL = Self.append(pairs[inner].value, to: &values)
        values.withUnsafeBufferPointer { query.reset(toURL: UnsafeBufferPointer(rebasing: $0[decodedURL])) }
        self.init(
            scheme: scheme, isHTTP: false, callbackURL: decodedURL, query: query,
            repeated: repeats != 0 ? "deep_link_id" : nil, into: &values)
    }

    /// The fields of the callback whose parameters `query` holds (split, undecoded), decoded onto `values`.
    private init?(
        scheme: Range<Int>, isHTTP: Bool, callbackURL: Range<Int>?, query: RawQuery, repeated: String?,
        into values: inout [UInt8]
    ) {
        // The five parameters found in one pass over the pairs: no name here holds a space, so a `+` in a name
        // matches none of them whether or not it is read as a space.
        var repeats: UInt8 = 0
        let first = Self.firstValues(in: query, names: Self.names, repeats: &repeats)
        self.init(
            scheme: scheme, isHTTP: isHTTP, callbackURL: callbackURL, repeated: repeated, repeats: repeats,
            into: &values
        ) { index, values in
            let range: Range<Int>? =
                switch index {
                case 0: first.0
                case 1: first.1
                case 2: first.2
                case 3: first.3
                default: first.4
                }
            guard let range else { return nil }
            let start = values.count
            query.decode(range, plusAsSpace: true, appendingTo: &values)
            return start..<values.count
        }
    }

    /// The fields, each value (by its index in ``fieldNames``) put into `values` by `decode`; bit `i` of
    /// `repeats` is set when the `i`th name occurs more than once. The one ruling on what a callback is, whichever
    /// way its parameters were read.
    private init?(
        scheme: Range<Int>, isHTTP: Bool, callbackURL: Range<Int>?, repeated: String?, repeats: UInt8,
        into values: inout [UInt8], decode: (Int, inout [UInt8]) -> Range<Int>?
    ) {
        var repeated = repeated
        if repeated == nil, repeats != 0 {
            // Reported in the order a flow matches by: the attempt first, then what it carries.
            repeated =
                [(3, "eventId"), (4, "authType"), (0, "firebaseError"), (1, "recaptchaToken"), (2, "link")]
                .first { repeats & (1 << $0.0) != 0 }?.1
        }
        firebaseError = decode(0, &values)
        recaptchaToken = decode(1, &values)
        link = decode(2, &values)
        eventID = decode(3, &values)
        // Something only a callback carries must be present; `authType` alone is not enough on a loopback URL.
        guard firebaseError != nil || recaptchaToken != nil || link != nil || eventID != nil else { return nil }
        authType = decode(4, &values)
        repeatedParameter = repeated
        self.scheme = scheme
        isCustomScheme = !isHTTP
        self.callbackURL = callbackURL
    }

    /// Appends `text`'s bytes to `values`; where they are.
    private static func append(_ text: String, to values: inout [UInt8]) -> Range<Int> {
        let start = values.count
        values.append(contentsOf: text.utf8)
        return start..<values.count
    }

    private static let deepLinkName: StaticString = "deep_link_id"

    /// The index in `pairs` of the first pair named each of `names`, `nil` where there is none or its value is
    /// empty; bit `i` of `repeats` is set when the `i`th name occurs more than once: ``firstValues(in:names:repeats:)``
    /// over decoded pairs. Names compare as ``RawQuery`` compares them (decoded, and none here holds a space or `+`).
    private static func firstValues(
        in pairs: [(name: String, value: String)], names: [String], repeats: inout UInt8
    ) -> [Int?] {
        var first = [Int?](repeating: nil, count: names.count)
        var seen = [Bool](repeating: false, count: names.count)
        for (position, pair) in pairs.enumerated() {
            guard let index = names.firstIndex(of: pair.name) else { continue }
            if seen[index] {
                repeats |= UInt8(1) << UInt8(min(index, 7))
                continue
            }
            seen[index] = true
            if !pair.value.isEmpty { first[index] = position }
        }
        return first
    }

    private static let deepLinkID = RawQuery.Names([deepLinkName])

    /// The raw value of the first pair of each of `names` (at most five, in this order), `nil` where there is none
    /// or it is empty; bit `i` of `repeats` is set when the `i`th name occurs more than once. A tuple, not an array:
    /// this runs on every callback read, and allocates nothing.
    private static func firstValues(
        in query: RawQuery, names: RawQuery.Names, repeats: inout UInt8
    ) -> (Range<Int>?, Range<Int>?, Range<Int>?, Range<Int>?, Range<Int>?) {
        var first: (Range<Int>?, Range<Int>?, Range<Int>?, Range<Int>?, Range<Int>?) = (nil, nil, nil, nil, nil)
        var seen = (false, false, false, false, false)
        var seenMask: UInt8 = 0
        var repeated: UInt8 = 0
        query.forEachPair(namedAnyOf: names) { index, range in
            let value = range.isEmpty ? nil : range
            let bit = UInt8(1) << UInt8(min(index, 4))
            if seenMask & bit != 0 { repeated |= bit }
            seenMask |= bit
            switch index {
            case 0: if !seen.0 { (seen.0, first.0) = (true, value) }
            case 1: if !seen.1 { (seen.1, first.1) = (true, value) }
            case 2: if !seen.2 { (seen.2, first.2) = (true, value) }
            case 3: if !seen.3 { (seen.3, first.3) = (true, value) }
            default: if !seen.4 { (seen.4, first.4) = (true, value) }
            }
        }
        repeats |= repeated
        return first
    }
}
