import AuthflowPrimitives

/// One `name=value` pair of a URL query or form body; encoded by the client, so give it plain text.
public struct QueryItem: Sendable, Hashable {
    /// The parameter name, unencoded.
    public var name: String
    /// The parameter value, unencoded.
    public var value: String

    /// A pair; both parts are percent-encoded when sent.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

extension [QueryItem] {
    /// `name=value` pairs joined with `&`, each part percent-encoded (`QueryParameters.formEncoded` in
    /// AuthflowPrimitives): a query string or a form body.
    var formEncoded: String {
        QueryParameters(pairs: map { ($0.name, $0.value) }).formEncoded
    }
}
