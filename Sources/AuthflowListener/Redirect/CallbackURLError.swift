import AuthflowPrimitives

/// Why a text cannot be a callback URL at all, whatever flow it is for: ``RedirectCallback`` refuses it when it
/// is read, so nothing prints, forwards or matches it.
public enum CallbackURLError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The text holds one of the ``ControlCharacters`` (a raw line break, an escape, a bidirectional override),
    /// the first being `scalar`, at `offset` Unicode scalars from its start. A URL carries such a character only
    /// percent-encoded; raw, it could forge lines or rewrite a terminal where the URL is shown.
    case controlCharacter(Unicode.Scalar, offset: Int)

    /// The text's first control character, as `U+000D`.
    public var codePoint: String {
        switch self {
        case .controlCharacter(let scalar, _): Self.codePoint(scalar)
        }
    }

    /// `scalar` as `U+XXXX` (at least four hex digits).
    static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// The reason in English, for logs and embedders.
    public var description: String {
        switch self {
        case .controlCharacter(_, let offset):
            "The URL holds a control character (\(codePoint)) at position \(offset + 1); a callback URL carries one "
                + "only percent-encoded."
        }
    }
}
