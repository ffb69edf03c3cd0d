/// Why an emulator address was refused; the description tells the user what to type instead.
public struct EmulatorHostError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong with the value.
    public enum Problem: Sendable, Hashable {
        /// Nothing was given.
        case empty
        /// The value starts with `http://` or another scheme.
        case hasScheme
        /// The value has a path, query, fragment or user part.
        case hasPath
        /// There is no `:port`.
        case missingPort
        /// The port is not a number from 1 to 65535.
        case invalidPort
        /// The host part is empty or has characters no host name or address can have.
        case invalidHost
        /// An IPv6 address without the square brackets that separate it from the port.
        case unbracketedIPv6
    }

    /// The value as given.
    public let value: String
    /// What is wrong with it.
    public let problem: Problem

    /// The error for `value`, wrong because of `problem`.
    public init(value: String, problem: Problem) {
        self.value = value
        self.problem = problem
    }

    /// A description for people and logs, without credentials.
    public var description: String {
        let example = "use host:port, e.g. 127.0.0.1:9099, localhost:9099 or [::1]:9099"
        let quoted = "\"\(value)\""
        switch problem {
        case .empty:
            return "The Auth Emulator address is empty: \(example)."
        case .hasScheme:
            return "The Auth Emulator address \(quoted) has a scheme; leave out http:// and \(example)."
        case .hasPath:
            return "The Auth Emulator address \(quoted) has a path or other URL parts; \(example)."
        case .missingPort:
            return "The Auth Emulator address \(quoted) has no port (the emulator's default is 9099); \(example)."
        case .invalidPort:
            return "The Auth Emulator address \(quoted) has a port that is not a number from 1 to 65535; \(example)."
        case .invalidHost:
            return "The Auth Emulator address \(quoted) has an invalid host; \(example)."
        case .unbracketedIPv6:
            return
                "The Auth Emulator address \(quoted) looks like an IPv6 address without brackets; write it as [::1]:9099."
        }
    }
}
