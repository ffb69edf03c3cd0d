import AuthflowPrimitives
import Testing

@Suite("TerminalText: control characters made visible")
struct TerminalTextTests {
    @Test("C0 controls, DEL, C1 controls and bidirectional marks are escaped; other text is kept")
    func escapesControls() {
        #expect(TerminalText.escaped("\u{1B}]0;t\u{07}\r") == #"\u{1B}]0;t\u{7}\u{D}"#)
        #expect(TerminalText.escaped("a\tb\nc\u{7F}") == #"a\u{9}b\u{A}c\u{7F}"#)
        #expect(TerminalText.escaped("x\u{9B}2J\u{9D}") == #"x\u{9B}2J\u{9D}"#)
        #expect(TerminalText.escaped("moc.knab\u{202E}@evil") == #"moc.knab\u{202E}@evil"#)
        #expect(TerminalText.escaped("Grace Hopper, 김민지 — é ✓ \\u{41}") == "Grace Hopper, 김민지 — é ✓ \\u{41}")
    }

    @Test("Keeping the layout leaves tabs and line feeds, and nothing else")
    func keepsLayout() {
        #expect(TerminalText.escapedKeepingLayout("a\tb\nc\r\u{1B}[2J") == "a\tb\nc" + #"\u{D}\u{1B}[2J"#)
        #expect(TerminalText.escapedKeepingLayout("plain\n") == "plain\n")
    }
}
