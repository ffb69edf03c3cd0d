import AuthflowListener
import Testing

@Suite("Browser command lines")
struct BrowserCommandTests {
    @Test("Words split as a shell splits them, without running a shell")
    func splitting() throws {
        let command = try #require(BrowserCommand(#"  firefox --new-window 'my profile' "a \"b\"" c\ d  "#))

        #expect(command.words == ["firefox", "--new-window", "my profile", #"a "b""#, "c d"])
        #expect(BrowserCommand("") == nil)
        #expect(BrowserCommand("   ") == nil)
        #expect(BrowserCommand("firefox 'unclosed") == nil)
    }

    @Test("%s becomes the URL as one whole argument, %% a percent sign; with no %s the URL comes last")
    func substitution() throws {
        let url = "https://x.example/a?b=1&c=$(touch /tmp/pwned) d"
        let placed = try #require(BrowserCommand("chromium --app=%s --x=100%%"))
        let appended = try #require(BrowserCommand("w3m -T text/html"))

        #expect(placed.arguments(for: url) == ["--app=" + url, "--x=100%"])
        #expect(appended.arguments(for: url) == ["-T", "text/html", url])
    }

    @Test("$BROWSER is a colon-separated list of commands, empty entries skipped")
    func environmentList() {
        let commands = BrowserCommand.list(fromEnvironmentValue: "firefox %s::w3m")

        #expect(commands.map(\.words) == [["firefox", "%s"], ["w3m"]])
    }
}
