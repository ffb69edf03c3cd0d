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
    private static let names: RawQuery.Names = ["firebaseError", "recaptchaToken", "link", "eventId", "authType"]

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
        if isHTTP {
            callbackURL = nil
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
        // The five parameters found in one pass over the pairs: no name here holds a space, so a `+` in a name
        // matches none of them whether or not it is read as a space.
        var repeats: UInt8 = 0
        let first = Self.firstValues(in: query, names: Self.names, repeats: &repeats)
        if repeated == nil, repeats != 0 {
            // Reported in the order a flow matches by: the attempt first, then what it carries.
            repeated =
                [(3, "eventId"), (4, "authType"), (0, "firebaseError"), (1, "recaptchaToken"), (2, "link")]
                .first { repeats & (1 << $0.0) != 0 }?.1
        }
        func decode(_ range: Range<Int>?) -> Range<Int>? {
            guard let range else { return nil }
            let start = values.count
            query.decode(range, plusAsSpace: true, appendingTo: &values)
            return start..<values.count
        }
        firebaseError = decode(first.0)
        recaptchaToken = decode(first.1)
        link = decode(first.2)
        eventID = decode(first.3)
        // Something only a callback carries must be present; `authType` alone is not enough on a loopback URL.
        guard firebaseError != nil || recaptchaToken != nil || link != nil || eventID != nil else { return nil }
        authType = decode(first.4)
        repeatedParameter = repeated
        self.scheme = 0..<offsets.colon
        isCustomScheme = !isHTTP
    }

    private static let deepLinkID: RawQuery.Names = ["deep_link_id"]

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
