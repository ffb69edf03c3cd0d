/// How many terminal columns text takes: Hangul, CJK ideographs and full-width forms take two, so columns of
/// Korean labels line up.
enum TerminalWidth {
    static func of(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { width, scalar in width + (isWide(scalar) ? 2 : 1) }
    }

    /// `text` followed by spaces up to `columns`.
    static func padded(_ text: String, to columns: Int) -> String {
        text + String(repeating: " ", count: max(0, columns - of(text)))
    }

    /// `text` cut to take at most `columns` columns, ending in "…" when something was cut, so a line redrawn in
    /// place never wraps onto a second row (which the next redraw would leave behind).
    static func cut(_ text: String, to columns: Int) -> String {
        guard of(text) > columns else { return text }
        guard columns > 1 else { return "" }
        var kept = ""
        var width = 0
        for character in text {
            let taken = of(String(character))
            guard width + taken <= columns - 1 else { break }
            kept.append(character)
            width += taken
        }
        return kept + "…"
    }

    private static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA960...0xA97F,
            0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6:
            true
        default:
            false
        }
    }
}
