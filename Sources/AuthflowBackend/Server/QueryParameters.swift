/// An `application/x-www-form-urlencoded` parameter list (a query string or a form body), in order.
/// Lookups return the first value, as Express's `req.query` does for a repeated name the emulator reads.
struct QueryParameters: Sendable {
    private(set) var pairs: [(name: String, value: String)]

    init(pairs: [(name: String, value: String)] = []) {
        self.pairs = pairs
    }

    /// Parses `a=1&b=x+y`; `+` is a space and a name without `=` has the empty value.
    init(parsing text: some StringProtocol) {
        pairs = text.split(separator: "&", omittingEmptySubsequences: true).map { part in
            let piece = Substring(part)
            guard let equals = piece.firstIndex(of: "=") else {
                return (URLEncoding.decode(piece, plusIsSpace: true), "")
            }
            return (
                URLEncoding.decode(piece[..<equals], plusIsSpace: true),
                URLEncoding.decode(piece[piece.index(after: equals)...], plusIsSpace: true)
            )
        }
    }

    subscript(name: String) -> String? {
        pairs.first { $0.name == name }?.value
    }

    /// The value when present and non-empty (JavaScript truthiness of a query string).
    func nonEmpty(_ name: String) -> String? {
        guard let value = self[name], !value.isEmpty else { return nil }
        return value
    }

    /// Replaces the first `name` in place or appends it, like `URLSearchParams.set` (which also drops
    /// later duplicates).
    mutating func set(_ name: String, _ value: String) {
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

    var names: [String] { pairs.map(\.name) }

    /// Serialised as `URLSearchParams.toString()` would.
    var formEncoded: String {
        URLEncoding.formQuery(pairs.map { ($0.name, $0.value) })
    }
}
