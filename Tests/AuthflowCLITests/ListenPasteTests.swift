import AuthflowTestSupport
import Foundation
import Testing

/// `listen --paste` at a terminal: one prompt line, and the countdown on the bottom row, where its redraws never
/// touch what is being typed.
@Suite("listen --paste at a terminal")
struct ListenPasteTests {
    @Test("What is typed survives the countdown's redraws, the countdown advances, and the pasted URL is taken")
    func typingUnderTheCountdown() async throws {
        let runtime = try TemporaryDirectory()
        let terminal = try TerminalSession(
            ["listen", "--paste", "--state", "s3cret", "--timeout", "60"],
            environment: ["XDG_RUNTIME_DIR": runtime.path, "TERM": "xterm"], rows: 24)
        #expect(await terminal.waitFor("Paste the address here: "))
        let shownFirst = String(decoding: terminal.shown, as: UTF8.self)
        let redirectURI = try #require(shownFirst.firstMatch(of: /http:\/\/127\.0\.0\.1:\d+\/callback/)?.output)
        let typed = "\(redirectURI)?code=42&state="
        terminal.type(typed)
        // A few seconds of redraws after the typing.
        #expect(await terminal.waitFor(typed))
        #expect(await terminal.waitFor("0:57 left"))
        let whileTyping = PinnedCountdown(String(decoding: terminal.shown, as: UTF8.self))
        terminal.type("s3cret\n")
        let termination = await terminal.finish()
        let shown = String(decoding: terminal.shown, as: UTF8.self)

        #expect(whileTyping.keeps(typed), "a redraw moved over the typed text: \(whileTyping.rest.debugDescription)")
        #expect(whileTyping.advanced, "the countdown: \(whileTyping.countdowns)")
        #expect(whileTyping.countdowns.first == "1:00", "a limit of 60 s starts at 1:00: \(whileTyping.countdowns)")
        #expect(whileTyping.rest.components(separatedBy: "Paste the address here: ").count == 2, "one prompt")
        #expect(termination == .exited(0), "\(shown)")
        #expect(shown.contains("\(redirectURI)?code=42&state=s3cret\r\n"), "the callback on standard output")
        #expect(shown.contains("\u{1B}[r"), "the scrolling region is given back: \(shown.debugDescription)")
    }
}
