import AuthflowPrimitives

/// How the emulator reads and writes parameter lists: Express's `req.query` takes the first of a repeated
/// name, and links are serialised by `URLSearchParams`.
extension QueryParameters {
    /// The first value for `name`.
    subscript(name: String) -> String? {
        value(name, rule: .firstWins)
    }

    /// The first value when present and non-empty (JavaScript truthiness of a query string).
    func nonEmpty(_ name: String) -> String? {
        nonEmptyValue(name, rule: .firstWins)
    }

    /// Serialised as `URLSearchParams.toString()` would.
    var formEncoded: String {
        URLEncoding.formQuery(pairs.map { ($0.name, $0.value) })
    }
}
