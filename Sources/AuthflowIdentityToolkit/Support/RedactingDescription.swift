/// A description that names the fields that are set but shows values only for fields that can never act as a
/// credential, so printing or logging a request or response cannot leak a token, password or code.
///
/// Adopted by every request and by the responses that carry tokens. Enums with cases that carry no value must
/// write their own `description`, since reflection cannot name such a case without calling it. `dump(_:)`
/// still shows everything; only use it in a debugger.
public protocol RedactingDescription: CustomStringConvertible, CustomDebugStringConvertible {}

extension RedactingDescription {
    /// A description for people and logs, without credentials.
    public var description: String { Redaction.describe(self) }
    /// The same as ``description``, so debug output hides credentials too.
    public var debugDescription: String { description }
}
