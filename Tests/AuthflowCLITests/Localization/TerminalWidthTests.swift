import Testing

@testable import AuthflowCLI

@Suite("Terminal width of labels")
struct TerminalWidthTests {
    @Test("Hangul takes two columns, ASCII one, so padded Korean and English labels end in the same column")
    func hangulIsWide() {
        #expect(TerminalWidth.of("uid") == 3)
        #expect(TerminalWidth.of("세션 파일") == 9)
        let korean = TerminalWidth.padded("이메일", to: 10)
        let english = TerminalWidth.padded("email", to: 10)
        #expect(korean == "이메일    ")
        #expect(TerminalWidth.of(korean) == TerminalWidth.of(english))
    }
}
