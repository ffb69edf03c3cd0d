import AuthflowPrimitives

/// Where an action link's fields sit in a byte buffer: the one reading of which parameters make an action link
/// (the JS SDK's `ActionCodeURL`: `apiKey`, `oobCode` and a known `mode` required, the last duplicate winning,
/// an empty value counting as absent, `+` kept).
///
/// Read from a split query in one pass over its pairs (``init(query:)``, raw ranges), then decoded once into a
/// buffer (``decoded(from:into:)``); ``ActionCodeURL``'s `String`s and the batch output's bytes both come from
/// the decoded ranges.
struct ActionCodeFields: Sendable, Hashable {
    /// What the link does.
    let mode: EmailActionMode
    let oobCode: Range<Int>
    let apiKey: Range<Int>
    let continueURL: Range<Int>?
    let languageCode: Range<Int>?
    let tenantID: Range<Int>?

    /// The parameters read, in the order of the indices ``init(query:)`` is given.
    private static let names: RawQuery.Names = ["mode", "apiKey", "oobCode", "continueUrl", "lang", "tenantId"]

    /// The raw value ranges of an action link's parameters in `query`, or `nil` when it holds no action.
    init?(query: RawQuery) {
        // Six locals rather than an array: this runs on every level of every link, and allocates nothing.
        var mode: Range<Int>?
        var apiKey: Range<Int>?
        var oobCode: Range<Int>?
        var continueURL: Range<Int>?
        var languageCode: Range<Int>?
        var tenantID: Range<Int>?
        query.forEachPair(namedAnyOf: Self.names) { index, value in
            let nonEmpty = value.isEmpty ? nil : value
            switch index {
            case 0: mode = nonEmpty
            case 1: apiKey = nonEmpty
            case 2: oobCode = nonEmpty
            case 3: continueURL = nonEmpty
            case 4: languageCode = nonEmpty
            default: tenantID = nonEmpty
            }
        }
        guard let modeRange = mode, let apiKey, let oobCode, let mode = Self.mode(modeRange, in: query) else {
            return nil
        }
        self.init(
            mode: mode, oobCode: oobCode, apiKey: apiKey, continueURL: continueURL, languageCode: languageCode,
            tenantID: tenantID)
    }

    private init(
        mode: EmailActionMode, oobCode: Range<Int>, apiKey: Range<Int>, continueURL: Range<Int>?,
        languageCode: Range<Int>?, tenantID: Range<Int>?
    ) {
        self.mode = mode
        self.oobCode = oobCode
        self.apiKey = apiKey
        self.continueURL = continueURL
        self.languageCode = languageCode
        self.tenantID = tenantID
    }

    /// These fields (raw ranges in `query`) percent-decoded onto the end of `values`, as ranges there;
    /// `knownASCII`: the caller knows the query is all ASCII.
    func decoded(from query: RawQuery, knownASCII: Bool = false, into values: inout [UInt8]) -> ActionCodeFields {
        func decode(_ range: Range<Int>) -> Range<Int> {
            let start = values.count
            query.decode(range, knownASCII: knownASCII, appendingTo: &values)
            return start..<values.count
        }
        return ActionCodeFields(
            mode: mode, oobCode: decode(oobCode), apiKey: decode(apiKey), continueURL: continueURL.map(decode),
            languageCode: languageCode.map(decode), tenantID: tenantID.map(decode))
    }

    /// The mode a raw `mode` value names (its raw value, decoded), compared on the bytes when nothing is escaped.
    private static func mode(_ range: Range<Int>, in query: RawQuery) -> EmailActionMode? {
        query.withRawBytes(range) { raw in
            // Escaped or non-ASCII text is decoded and compared as a `String`, as the raw value always was.
            guard !raw.contains(where: { $0 == UInt8(ascii: "%") || $0 >= 0x80 }) else {
                var decoded: [UInt8] = []
                query.decode(range, appendingTo: &decoded)
                return EmailActionMode(rawValue: String(decoding: decoded, as: UTF8.self))
            }
            return EmailActionMode.allCases.first { mode in
                mode.rawValue.withUTF8Buffer { URLParts.bytes(raw, equal: $0) }
            }
        }
    }
}
