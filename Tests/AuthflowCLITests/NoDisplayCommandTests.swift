import AuthflowTestSupport
import Foundation
import Testing

/// On a machine where no browser can appear (no display, an SSH session without a forwarded one, no
/// `xdg-open`), flows take the headless route at once: no browser command runs, and the first lines say why
/// and what to do instead. `--browser` and `$BROWSER` still force a launch, `--no-browser` still forbids one.
/// The opener is a recording `xdg-open` on a controlled `PATH`, so a launch leaves a file behind.
@Suite("authflow: a machine with no browser")
struct NoDisplayCommandTests {
    static let hosted = PhoneHostedRouteTests.hosted

    /// A directory with a recording `xdg-open` in it, and its path (the URL lands in `xdg-open.url`).
    private struct Opener {
        let directory: TemporaryDirectory
        var program: String { directory.file("xdg-open") }
        var launched: Bool { FileManager.default.fileExists(atPath: program + ".url") }

        init() throws {
            directory = try TemporaryDirectory()
            _ = try RecordingBrowser.install(at: directory.file("xdg-open"))
        }
    }

    /// The variables that decide whether a browser can appear, all unset unless `set` gives them.
    private static func desktop(_ set: [String: String], path: String) -> [String: String] {
        let cleared = [
            "DISPLAY": "", "WAYLAND_DISPLAY": "", "SSH_CONNECTION": "", "SSH_CLIENT": "", "SSH_TTY": "",
            "BROWSER": "", "PATH": path,
        ]
        return cleared.merging(set) { _, new in new }
    }

    /// `phone sign-in --verifier hosted` with `arguments`, timing out after a second with nothing pasted.
    private func phone(
        _ number: String, _ arguments: [String] = [], environment: [String: String]
    ) async throws
        -> SubprocessResult
    {
        let fixture = try PhoneCLIFixture()
        return try await fixture.run(
            ["phone", "sign-in", number, "--code", "123456", "--timeout", "1"] + arguments + Self.hosted, stdin: [],
            environment: environment)
    }

    /// Whether the presentation of the page begins with `reason`: it is among the first two lines (after the
    /// route's own line) and comes before the printed URL.
    private func begins(_ result: SubprocessResult, with reason: String) -> Bool {
        let lines = result.stderrText.split(separator: "\n", omittingEmptySubsequences: true)
        guard let said = lines.firstIndex(where: { $0.hasPrefix(reason) }),
            let url = lines.firstIndex(where: { $0.contains("open this URL in a browser") })
        else { return false }
        return said < 2 && said < url
    }

    @Test("No DISPLAY or WAYLAND_DISPLAY: no browser runs, the first line says why, no scheme is offered")
    func noDisplay() async throws {
        let opener = try Opener()
        let result = try await phone(
            "+16505550160", environment: Self.desktop([:], path: opener.directory.path + ":/usr/bin:/bin"))

        #expect(result.exitCode == 4, "\(result.stderrText)")
        #expect(!opener.launched, "xdg-open ran: \(result.stderrText)")
        #expect(begins(result, with: "authflow: there is no display here"), "\(result.stderrText)")
        #expect(result.stderrText.contains("open this URL in a browser"))
        #expect(result.stderrText.contains("Paste the address here:"))
        #expect(!result.stderrText.contains("register-scheme"), "no desktop to register with: \(result.stderrText)")
        #expect(!result.stderrText.contains("could not open a browser"))
    }

    @Test("An SSH session without a forwarded display: no browser runs, the first line says so")
    func sshWithoutDisplay() async throws {
        let opener = try Opener()
        let result = try await phone(
            "+16505550161",
            environment: Self.desktop(
                ["SSH_CONNECTION": "192.0.2.7 51000 198.51.100.4 22", "SSH_CLIENT": "192.0.2.7 51000 22"],
                path: opener.directory.path + ":/usr/bin:/bin"))

        #expect(!opener.launched, "xdg-open ran: \(result.stderrText)")
        #expect(
            begins(result, with: "authflow: this is an SSH session with no display forwarded"), "\(result.stderrText)")
        #expect(!result.stderrText.contains("register-scheme"), "\(result.stderrText)")
    }

    @Test("A display but no xdg-open on PATH: nothing is tried, the first line names what is missing")
    func noOpener() async throws {
        let empty = try TemporaryDirectory()
        let result = try await phone("+16505550162", environment: Self.desktop(["DISPLAY": ":0"], path: empty.path))

        #expect(result.exitCode == 4, "\(result.stderrText)")
        #expect(begins(result, with: "authflow: xdg-open is not installed"), "\(result.stderrText)")
        #expect(!result.stderrText.contains("could not open a browser"), "\(result.stderrText)")
    }

    @Test("A display and xdg-open: the browser is launched as before")
    func desktopLaunches() async throws {
        let opener = try Opener()
        let result = try await phone(
            "+16505550163", environment: Self.desktop(["DISPLAY": ":0"], path: opener.directory.path + ":/usr/bin:/bin")
        )

        #expect(opener.launched, "xdg-open did not run: \(result.stderrText)")
        #expect(result.stderrText.contains("opening your browser"))
        #expect(!result.stderrText.contains("no browser is launched"))
    }

    @Test("--browser and $BROWSER still launch with no display; --no-browser still forbids one with a display")
    func explicitChoicesWin() async throws {
        let opener = try Opener()
        let path = opener.directory.path + ":/usr/bin:/bin"
        let chosen = try TemporaryDirectory()
        let flag = try RecordingBrowser.install(at: chosen.file("flag-browser"))
        let variable = try RecordingBrowser.install(at: chosen.file("variable-browser"))

        let viaFlag = try await phone("+16505550164", ["--browser", flag], environment: Self.desktop([:], path: path))
        let viaVariable = try await phone(
            "+16505550165", environment: Self.desktop(["BROWSER": variable], path: path))
        let forbidden = try await phone(
            "+16505550166", ["--no-browser"], environment: Self.desktop(["DISPLAY": ":0"], path: path))

        #expect(FileManager.default.fileExists(atPath: flag + ".url"), "\(viaFlag.stderrText)")
        #expect(FileManager.default.fileExists(atPath: variable + ".url"), "\(viaVariable.stderrText)")
        #expect(!opener.launched, "\(forbidden.stderrText)")
        for result in [viaFlag, viaVariable, forbidden] {
            #expect(!result.stderrText.contains("no browser is launched"), "\(result.stderrText)")
        }
    }
}
