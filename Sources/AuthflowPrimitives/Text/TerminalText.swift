/// Text that came from outside (a display name, an email address, a server's message, a URL) made safe to
/// show on a terminal: every control character is written as a visible escape, `\u{1B}`, so none can move the
/// cursor, clear the screen, set the window title, ring the bell, overwrite a line (CR) or forge one (LF).
///
/// Escaped: the C0 controls (U+0000–U+001F, tab and line feed included unless the layout is kept), DEL, the
/// C1 controls (U+0080–U+009F, which some terminals obey as 8-bit CSI and OSC) and the bidirectional
/// formatting characters (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069), which reorder what is shown.
/// Everything else, backslashes included, is kept: the result is for reading, not for parsing back.
package enum TerminalText {
    /// `text` with every control character escaped, tabs and line feeds too: for one value inside a line.
    package static func escaped(_ text: String) -> String {
        escape(text, keepingLayout: false)
    }

    /// `text` with every control character escaped but tabs and line feeds: for whole lines and messages whose
    /// layout is the program's own.
    package static func escapedKeepingLayout(_ text: String) -> String {
        escape(text, keepingLayout: true)
    }

    private static func escape(_ text: String, keepingLayout: Bool) -> String {
        var text = text
        let clean = text.withUTF8 { bytes in
            !bytes.contains { mayStartControl($0, keepingLayout: keepingLayout) }
        }
        if clean { return text }
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count + 16)
        for scalar in text.unicodeScalars {
            if isControl(scalar, keepingLayout: keepingLayout) {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Whether `scalar` is escaped (see the type's description).
    package static func isControl(_ scalar: Unicode.Scalar, keepingLayout: Bool = false) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A: !keepingLayout
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// Whether a UTF-8 byte is, or may begin, an escaped character: an ASCII control, or the lead byte of C1
    /// controls (0xC2), U+061C (0xD8) or the bidirectional marks (0xE2). A quick scan; the exact test is
    /// ``isControl(_:keepingLayout:)``.
    private static func mayStartControl(_ byte: UInt8, keepingLayout: Bool) -> Bool {
        switch byte {
        case 0x09, 0x0A: !keepingLayout
        case 0x00...0x1F, 0x7F, 0xC2, 0xD8, 0xE2: true
        default: false
        }
    }
}
