/// How percent-encoded text is damaged, in the ways a strict decoder (the JS SDK's `decodeURIComponent`)
/// rejects: usually a link cut off or altered on its way through mail or chat.
public enum PercentEscapeDamage: Sendable, Hashable {
    /// A `%` not followed by two hex digits.
    case malformedEscape
    /// Escapes that decode to bytes that are not UTF-8.
    case invalidUTF8
}
