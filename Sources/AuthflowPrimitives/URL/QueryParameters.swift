/// The `name=value` pairs of a URL's query or a form body, decoded once, in order: the one parameter list of
/// every layer.
///
/// The Firebase SDKs disagree on duplicates and `+`: the JS SDK keeps `+` and lets the last duplicate win,
/// the iOS SDK turns `+` into a space and lets the first win, and the emulator (Express) reads forms with `+`
/// as a space and the first duplicate. Callers pick the rule of the code they mirror.
public struct QueryParameters: Sendable, Hashable {
    /// Decoded pairs in the order they appear. A pair without `=` has an empty value.
    public private(set) var pairs: [(name: String, value: String)]

    /// No parameters.
    public init() {
        pairs = []
    }

    /// Which duplicate counts when a name repeats.
    public enum DuplicateRule: Sendable { case firstWins, lastWins }

    /// Parses the query of `url`: the text after the first `?`, up to the first `#` after it.
    /// A URL without `?` has no parameters.
    public init(url: String, plusAsSpace: Bool = false) {
        self.init(query: URLParts.query(of: url[...]) ?? "", plusAsSpace: plusAsSpace)
    }

    /// Parameters already decoded, kept in the given order.
    public init(pairs: [(name: String, value: String)]) {
        self.pairs = pairs
    }

    /// Parses a bare query string (`a=1&b=2`) such as a form body. Each pair splits at its first `=`.
    public init(query: Substring, plusAsSpace: Bool = false) {
        pairs = RawQuery(query).decodedPairs(plusAsSpace: plusAsSpace)
    }

    /// Parses `application/x-www-form-urlencoded` text (a form body, or a query read the way forms are):
    /// `+` is a space.
    public init(form text: some StringProtocol) {
        self.init(query: Substring(text), plusAsSpace: true)
    }

    /// The names in order, repeated names as often as they appear.
    public var names: [String] { pairs.map(\.name) }

    /// Replaces the first `name` in place or appends it, like `URLSearchParams.set` (which also drops
    /// later duplicates).
    public mutating func set(_ name: String, _ value: String) {
        if let index = pairs.firstIndex(where: { $0.name == name }) {
            pairs[index].value = value
            var seen = false
            pairs.removeAll { pair in
                guard pair.name == name else { return false }
                defer { seen = true }
                return seen
            }
        } else {
            pairs.append((name, value))
        }
    }

    /// The value for `name` under `rule`, or `nil` when absent.
    public func value(_ name: String, rule: DuplicateRule = .lastWins) -> String? {
        switch rule {
        case .firstWins: return pairs.first(where: { $0.name == name })?.value
        case .lastWins: return pairs.last(where: { $0.name == name })?.value
        }
    }

    /// The value for `name` when present and not empty (the SDKs treat an empty value as absent).
    public func nonEmptyValue(_ name: String, rule: DuplicateRule = .lastWins) -> String? {
        guard let value = value(name, rule: rule), !value.isEmpty else { return nil }
        return value
    }

    /// The pairs as a query string or form body, `name=value` joined with `&`, each part encoded with
    /// ``PercentEncoding/encodeUnreserved(_:)``: read back the same by every form decoder.
    public var formEncoded: String {
        pairs.map { PercentEncoding.encodeUnreserved($0.name) + "=" + PercentEncoding.encodeUnreserved($0.value) }
            .joined(separator: "&")
    }

    public static func == (lhs: QueryParameters, rhs: QueryParameters) -> Bool {
        lhs.pairs.elementsEqual(rhs.pairs) { $0.name == $1.name && $0.value == $1.value }
    }

    public func hash(into hasher: inout Hasher) {
        for pair in pairs {
            hasher.combine(pair.name)
            hasher.combine(pair.value)
        }
    }
}
