/// One header field of a request or response, kept as a pair so repeated fields and order survive.
public struct LoopbackHeader: Sendable, Hashable {
    /// The field name, as written.
    public var name: String
    /// The field value.
    public var value: String

    /// A header line as received or to send.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

extension Array where Element == LoopbackHeader {
    /// The first value for `name`, compared case-insensitively as HTTP requires.
    func firstValue(named name: String) -> String? {
        let wanted = name.lowercased()
        return first { $0.name.lowercased() == wanted }?.value
    }
}
