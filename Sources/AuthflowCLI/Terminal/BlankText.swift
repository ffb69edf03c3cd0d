/// Blank text as Foundation's `CharacterSet.whitespaces` and `.whitespacesAndNewlines` define it, read from the
/// Unicode scalars' own properties: Foundation's `trimmingCharacters(in:)` bridges through `NSString`, whose first use
/// costs three protocol-conformance lookups (~0.8 M instructions, callgrind) on the way to a command's first output,
/// which argument validation (`listen --state-param`, `email-link send`, the project flags) paid on every start.
/// `BlankTextTests` checks both sets against Foundation's, scalar by scalar.
enum BlankText {
    /// `CharacterSet.whitespaces`: space separators (Unicode category Zs), the tab and, in Foundation's set on
    /// Linux, U+200B ZERO WIDTH SPACE.
    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\t" || scalar.value == 0x200B || scalar.properties.generalCategory == .spaceSeparator
    }

    /// `CharacterSet.whitespacesAndNewlines`: the spaces above and the newlines U+000A–U+000D, U+0085, U+2028, U+2029.
    static func isSpaceOrNewline(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: true
        default: isSpace(scalar)
        }
    }
}

extension StringProtocol {
    /// True when the text is empty or only spaces and tabs (what `trimmingCharacters(in: .whitespaces)` empties).
    var isBlank: Bool { unicodeScalars.allSatisfy(BlankText.isSpace) }

    /// True when the text is empty or only spaces, tabs and newlines (what
    /// `trimmingCharacters(in: .whitespacesAndNewlines)` empties).
    var isBlankOrNewlines: Bool { unicodeScalars.allSatisfy(BlankText.isSpaceOrNewline) }

}

extension String {
    /// The text without leading and trailing spaces and tabs, as `trimmingCharacters(in: .whitespaces)` returns it.
    func trimmingBlanks() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !BlankText.isSpace($0) }),
            let last = scalars.lastIndex(where: { !BlankText.isSpace($0) })
        else { return "" }
        return String(scalars[first...last])
    }
}
