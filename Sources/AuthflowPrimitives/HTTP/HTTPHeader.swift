/// One HTTP header field, kept as a pair so repeated fields and their order survive: the one type for the
/// headers the HTTP client sends and receives and those the loopback server reads and answers with.
public struct HTTPHeader: Sendable, Hashable {
    /// The field name as sent or received; compare it case-insensitively.
    public var name: String
    /// The field value without surrounding whitespace.
    public var value: String

    /// A header line; names compare case-insensitively when looked up.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

extension Array where Element == HTTPHeader {
    /// The first value for `name`, compared case-insensitively as HTTP requires.
    public func firstValue(named name: String) -> String? {
        let wanted = name.lowercased()
        return first { $0.name.lowercased() == wanted }?.value
    }
}

extension HTTPHeader {
    /// `X-Firebase-AppCheck`: the App Check token the Firebase SDKs attach to every Identity Toolkit and
    /// secure-token request when App Check is set up; a project that enforces App Check refuses requests
    /// without a valid one.
    public static let appCheckFieldName = "X-Firebase-AppCheck"
}
