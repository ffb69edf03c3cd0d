import AuthflowListener
import AuthflowTestSupport
import Foundation
import Testing

/// Real child processes stand in for the browser: small shell scripts that record what they were given.
@Suite("Launching the browser")
struct BrowserLauncherTests {
    let url = "https://example.firebaseapp.com/__/auth/handler?apiKey=k&eventId=e 1&x='$(id)'"

    @Test("The command gets the URL as one argument, in a session of its own")
    func launches() throws {
        let directory = try TemporaryDirectory()
        let script = try Self.script(
            in: directory, "printf '%s\\n' \"$@\" > \"$0.args\"; ps -o sid= -p $$ | tr -d ' ' > \"$0.sid\"")
        let launcher = BrowserLauncher(browser: "\(script) --flag %s", environment: Self.environment(browser: nil))

        let outcome = launcher.open(url)

        #expect(outcome == .opened(command: "\(script) --flag %s"))
        #expect(try String(contentsOfFile: script + ".args", encoding: .utf8) == "--flag\n\(url)\n")
        let session = try String(contentsOfFile: script + ".sid", encoding: .utf8).trimmingCharacters(
            in: .whitespacesAndNewlines)
        #expect(session != String(getsid(0)))
    }

    @Test("$BROWSER entries are tried in order until one works; failures are reported, not thrown")
    func fallsThrough() throws {
        let directory = try TemporaryDirectory()
        let failing = try Self.script(in: directory, "exit 3")
        let working = try Self.script(in: directory, "echo \"$1\" > \"$0.url\"", name: "good")
        let launcher = BrowserLauncher(
            environment: Self.environment(browser: "\(directory.path)/missing:\(failing):\(working)"))

        let outcome = launcher.open(url)
        let nothing = BrowserLauncher(environment: Self.environment(browser: "\(directory.path)/missing:\(failing)"))
            .open(url)

        #expect(outcome == .opened(command: working))
        #expect(try String(contentsOfFile: working + ".url", encoding: .utf8) == url + "\n")
        guard case .failed(let reasons) = nothing else {
            Issue.record("expected a failure, got \(nothing)")
            return
        }
        #expect(
            reasons == [
                BrowserLaunchFailure(program: "\(directory.path)/missing", problem: .notInstalled),
                BrowserLaunchFailure(program: failing, problem: .exited(3)),
            ])
    }

    @Test("A browser still running after the settle time counts as opened, and --browser wins over $BROWSER")
    func stillRunning() throws {
        let directory = try TemporaryDirectory()
        let lingering = try Self.script(in: directory, "touch \"$0.started\"; sleep 3")
        var launcher = BrowserLauncher(
            browser: lingering, environment: Self.environment(browser: "/nonexistent/browser"))
        launcher.settleTime = .milliseconds(300)

        #expect(launcher.open(url) == .opened(command: lingering))
        #expect(FileManager.default.fileExists(atPath: lingering + ".started"))
    }

    @Test("Without --browser or $BROWSER, xdg-open is the launcher")
    func defaultsToXdgOpen() {
        let launcher = BrowserLauncher(environment: Self.environment(browser: nil))

        #expect(launcher.commands.map(\.words) == [["xdg-open"]])
    }

    static func environment(browser: String?) -> [String: String] {
        var environment = ["PATH": "/usr/bin:/bin"]
        environment["BROWSER"] = browser
        return environment
    }

    static func script(in directory: TemporaryDirectory, _ body: String, name: String = "browser") throws -> String {
        let path = directory.file(name)
        try ExecutableScript.write("#!/bin/sh\n\(body)\n", to: path)
        return path
    }
}
