/// Text that came from outside (a display name, an email address, a server's message, a URL) made safe to
/// show on a terminal: every control character is written as a visible escape, `\u{1B}`, so none can move the
/// cursor, clear the screen, set the window title, ring the bell, overwrite a line (CR) or forge one (LF).
///
/// Escaped: every one of ``ControlCharacters`` (C0, DEL, C1, which some terminals obey as 8-bit CSI and OSC, and
/// the bidirectional formatting characters), tab and line feed included unless the layout is kept.
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
        default: ControlCharacters.contains(scalar)
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
