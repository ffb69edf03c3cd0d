import AuthflowPrimitives
import Testing

@Suite("Control characters in text from outside")
struct ControlCharactersTests {
    @Test("C0, DEL, C1 and the bidirectional overrides and isolates are found, with their position; others are not")
    func found() {
        for (text, value, offset) in [
            ("a\rb", 0x0D, 1), ("\u{0}", 0, 0), ("x\u{1B}[2J", 0x1B, 1), ("é\u{7F}", 0x7F, 1), ("ab\u{85}", 0x85, 2),
            ("\u{9B}", 0x9B, 0), ("moc.\u{202A}", 0x202A, 4), ("\u{202E}", 0x202E, 0), ("한\u{2066}", 0x2066, 1),
            ("\u{2069}", 0x2069, 0),
        ] {
            let first = ControlCharacters.first(in: text)
            #expect(first?.scalar.value == UInt32(value) && first?.offset == offset, "\(value)")
        }
        for text in ["https://example.com/a?b=c%0D%0A#d", "", "한국어 é \u{A0}", "\u{2029}\u{202F}\u{2065}\u{206A}"] {
            #expect(ControlCharacters.first(in: text) == nil, "\(text)")
        }
    }
}
