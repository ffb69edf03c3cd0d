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
