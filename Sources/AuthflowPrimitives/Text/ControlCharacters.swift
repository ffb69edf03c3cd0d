/// The characters no text that came from outside may carry into a terminal or a line-based output: the C0
/// controls (U+0000–U+001F, line breaks and tabs included), DEL (U+007F), the C1 controls (U+0080–U+009F, where
/// U+009B is a terminal's one-character escape sequence), and the bidirectional formatting characters (U+061C,
/// U+200E, U+200F, the overrides and embeddings U+202A–U+202E and the isolates U+2066–U+2069), which reorder what
/// a reader sees. The one definition: callback URLs are refused when they hold one, and ``TerminalText`` escapes
/// them in what is printed.
public enum ControlCharacters {
    /// Whether `scalar` is one of them.
    public static func contains(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// The first of them in `text`, with its position counted in Unicode scalars from 0; nil when there is none.
    /// All-ASCII text without C0 controls or DEL, nearly every URL, is answered from its bytes.
    public static func first(in text: String) -> (scalar: Unicode.Scalar, offset: Int)? {
        let clean = text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
        if clean { return nil }
        for (offset, scalar) in text.unicodeScalars.enumerated() where contains(scalar) {
            return (scalar, offset)
        }
        return nil
    }
}
