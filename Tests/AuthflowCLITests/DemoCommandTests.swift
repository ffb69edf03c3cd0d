import AuthflowTestSupport
import Foundation
import Testing

/// `authflow demo`, run as a user runs it: the real binary, the embedded backend it starts, and the
/// commands it runs as child processes.
@Suite("authflow demo")
struct DemoCommandTests {
    @Test(
        "The tour runs every flow with authflow's own commands, reads the backend's mailbox, and leaves nothing behind",
        .drivesABrowser)
    func fullTour() async throws {
        let home = try TemporaryDirectory()
        let userState = home.path + "/user-state"
        let result = try await AuthflowCommand.run(
            ["demo"], environment: ["XDG_STATE_HOME": userState, "TMPDIR": home.path])
        let output = result.stdoutText
        #expect(result.exitCode == 0, "\(output)\n\(result.stderrText)")
        #expect(output.contains("not a production identity server"))
        #expect(output.contains("$ authflow email-link send ada@example.com --continue-url"))
        #expect(output.contains("/emulator/action?mode=signIn&lang=en&oobCode="))
        #expect(output.contains("$ authflow email-link complete 'http://127.0.0.1:"))
        #expect(output.contains("✓ signed in as ada@example.com with an email link"))
        #expect(output.contains("$ authflow phone sign-in +15555550100"))
        #expect(output.contains("✓ signed in as +15555550100 with an SMS code"))
        // The code typed in is the one the backend sent, and the command accepted it.
        let typed = try #require(output.split(separator: "\n").first { $0.contains("⌨") })
        #expect(typed.trimmingCharacters(in: .whitespaces).dropFirst(2).count == 6)
        #expect(output.contains("     |   phone         +*******0100"))
        // Multi-factor: enrolled, stopped at the second factor without a terminal (exit 5), resolved.
        #expect(output.contains("$ authflow mfa enroll +15555550123 --display-name 'Work phone'"))
        #expect(output.contains("also needs a second factor to sign in"))
        #expect(output.contains("$ authflow mfa resolve"))
        #expect(output.contains("     | Second factor: \"Work phone\" +*******0123"))
        #expect(
            output.contains(
                "✓ enrolled \"Work phone\" for grace@example.com and signed in with it as the second factor"))
        // Apple: headless Chromium added the account on the IdP page, and handle-url brought the answer back.
        #expect(output.contains("$ authflow apple sign-in --no-browser --app-id"))
        #expect(
            output.contains(
                "$ authflow handle-url 'app-1-1234567890-ios-0a1b2c3d4e5f://firebaseauth/link?deep_link_id="))
        #expect(output.contains("     | Name from Apple: Ada Lovelace."))
        // apple sign-in's own result comes after handle-url's output, under a line of its own, and its paste
        // prompt (written while it waited) ends its line there instead of trailing after the result.
        let lines = output.components(separatedBy: "\n")
        let handleURL = try #require(lines.firstIndex { $0.contains("$ authflow handle-url 'app-1-") })
        let continued = try #require(
            lines.firstIndex {
                $0.contains("`authflow apple sign-in`, which was waiting, gets the answer and finishes:")
            })
        let named = try #require(lines.firstIndex { $0.contains("| Name from Apple: Ada Lovelace.") })
        #expect(handleURL < continued && continued < named, "\(output)")
        let started = try #require(lines.firstIndex { $0.contains("$ authflow apple sign-in --no-browser") })
        let prompts = lines.indices.filter { $0 > started && $0 < named && lines[$0].contains("Paste the address") }
        #expect(prompts.count == 1 && prompts.allSatisfy { $0 < handleURL }, "\(output)")
        #expect(!output.contains("standard input ended"), "the tour's input stays open until the handoff")
        #expect(output.contains("`authflow oauth sign-in`, which was waiting, gets the answer and finishes:"))
        #expect(
            output.contains(
                "✓ signed in with Apple as ada.q7x2@privaterelay.appleid.com (Ada Lovelace), through the IdP page"))
        // TOTP: the QR code drawn, the tour computed the codes from the URI, exit 5, resolved with the next code.
        #expect(output.contains("$ authflow mfa enroll --totp --display-name Authenticator"))
        #expect(output.contains("URI: otpauth://totp/demo-authflow:katherine%40example.com?secret="))
        #expect(output.contains("\u{2580}") && output.contains("\u{2584}"), "the QR code is drawn")
        #expect(output.contains("second factor \"Authenticator\" (TOTP app)"))
        #expect(
            output.contains(
                "✓ enrolled \"Authenticator\" for katherine@example.com and signed in with its code as the second factor"
            ))
        // GitHub: the same hosted route for any provider, with GitHub's access token shown on request.
        #expect(output.contains("$ authflow oauth sign-in --provider github.com --scopes read:user --no-browser"))
        #expect(output.contains("     | Provider access token: FirebaseAuthEmulatorFakeAccessToken_github.com"))
        #expect(output.contains("✓ signed in with GitHub as mona@example.com (Mona Octocat), through the IdP page"))
        // Device flow: the command polls the stand-in of GitHub's device endpoints; the tour approves the code.
        #expect(output.contains("$ authflow oauth sign-in --provider github.com --device --device-endpoint-base"))
        #expect(
            output.contains(
                "✓ signed in with GitHub as octocat@example.com through the device flow, approved on another device"))
        #expect(output.contains("Done: 7 of 7 flows completed"))

        // The private state directory is gone, and the user's own state was never touched.
        let workspace = try #require(Self.workspace(in: output))
        #expect(!FileManager.default.fileExists(atPath: workspace))
        #expect(workspace.hasPrefix(home.path + "/authflow-demo."))
        #expect(!FileManager.default.fileExists(atPath: userState))
    }

    @Test("--only device: the device flow against the stand-in of GitHub's device endpoints, approved by the tour")
    func deviceStep() async throws {
        let home = try TemporaryDirectory()
        let result = try await AuthflowCommand.run(["demo", "--only", "device"], environment: ["TMPDIR": home.path])
        let output = result.stdoutText
        #expect(result.exitCode == 0, "\(output)\n\(result.stderrText)")
        #expect(output.contains("1. Device sign-in: approve on another device, no browser here"))
        #expect(
            output.contains("$ authflow oauth sign-in --provider github.com --device --device-endpoint-base http://"))
        #expect(output.contains("/emulator/v1/projects/demo-authflow/deviceAuthorizations"))
        #expect(output.contains("$ authflow whoami"))
        #expect(
            output.contains(
                "✓ signed in with GitHub as octocat@example.com through the device flow, approved on another device"))
        #expect(output.contains("Done: 1 of 1 flows completed"))
    }

    @Test(
        "Run from a package checkout, the hints say `swift run authflow …` and how to put the built binary on PATH; with its directory on PATH, `authflow …`"
    )
    func checkoutHints() async throws {
        let home = try TemporaryDirectory()
        let root = AuthflowCommand.repositoryRoot.path
        let fromRoot = try await AuthflowCommand.run(
            ["demo", "--only", "email-link"], environment: ["TMPDIR": home.path], workingDirectory: root)
        #expect(fromRoot.exitCode == 0, "\(fromRoot.stdoutText)\n\(fromRoot.stderrText)")
        #expect(
            fromRoot.stdoutText.contains("start\n`swift run authflow emulator` in another shell"),
            "\(fromRoot.stdoutText)")
        #expect(fromRoot.stdoutText.contains("(`swift run authflow emulator`)"))
        let built = URL(fileURLWithPath: AuthflowCommand.binaryPath).resolvingSymlinksInPath()
            .deletingLastPathComponent().path
        #expect(fromRoot.stdoutText.contains("  export PATH=\(built):\"$PATH\""), "\(fromRoot.stdoutText)")

        let elsewhere = try await AuthflowCommand.run(
            ["demo", "--only", "email-link"], environment: ["TMPDIR": home.path], workingDirectory: home.path)
        #expect(elsewhere.exitCode == 0, "\(elsewhere.stderrText)")
        #expect(
            elsewhere.stdoutText.contains("`swift run --package-path \(root) authflow emulator`"),
            "\(elsewhere.stdoutText)")

        let path = built + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let onPath = try await AuthflowCommand.run(
            ["demo", "--only", "email-link"], environment: ["TMPDIR": home.path, "PATH": path],
            workingDirectory: root)
        #expect(onPath.exitCode == 0, "\(onPath.stderrText)")
        #expect(onPath.stdoutText.contains("start\n`authflow emulator` in another shell"), "\(onPath.stdoutText)")
        #expect(!onPath.stdoutText.contains("swift run"))
        #expect(!onPath.stdoutText.contains("export PATH="))
    }

    @Test("--only runs the chosen flows in tour order; --keep-state keeps a 0700 directory with a 0600 session")
    func onlyAndKeepState() async throws {
        let home = try TemporaryDirectory()
        let result = try await AuthflowCommand.run(
            ["demo", "--only", "phone", "--keep-state"], environment: ["TMPDIR": home.path])
        let output = result.stdoutText
        #expect(result.exitCode == 0, "\(output)\n\(result.stderrText)")
        #expect(output.contains("1. Phone-number sign-in"))
        #expect(!output.contains("email-link send"))
        #expect(output.contains("Done: 1 of 1 flows completed"))
        let workspace = try #require(Self.workspace(in: output))
        #expect(try Self.mode(of: workspace) == 0o700)
        let sessions = try #require(FileManager.default.enumerator(atPath: workspace)?.allObjects as? [String])
            .filter { $0.hasSuffix("session.json") }
        #expect(sessions.count == 1)
        for session in sessions { #expect(try Self.mode(of: workspace + "/" + session) == 0o600) }
    }

    @Test(
        "--interactive: the command gets the terminal; a person clicks the loopback page and types the code the tour shows"
    )
    func interactivePhone() async throws {
        let home = try TemporaryDirectory()
        let browser = try RecordingBrowser.install(at: home.file("browser"))
        let terminal = try TerminalSession(
            ["demo", "--interactive", "--only", "phone", "--browser", browser], environment: ["TMPDIR": home.path])
        let page = LoopbackPageDriver(url: try await RecordingBrowser.url(recordedBy: browser))
        let answered = try await page.answer([("recaptchaToken", "authflow-test-widget-1")])
        #expect(answered.status == 200)
        #expect(await terminal.waitFor("the code "))
        #expect(await terminal.waitFor("Type it where the command asks."))
        let shown = String(decoding: terminal.shown, as: UTF8.self)
        let code = try #require(shown.firstMatch(of: /the code (\d{6})/)?.1)
        terminal.type(code + "\n")
        #expect(await terminal.finish() == .exited(0))
        let transcript = String(decoding: terminal.shown, as: UTF8.self)
        #expect(transcript.contains("$ authflow phone sign-in +15555550100 --verifier loopback --browser"))
        #expect(transcript.contains("Done: 1 of 1 flows completed"), "\(transcript)")
    }

    @Test("Without the headless browser, Sign in with Apple takes the identity-token route with a fresh nonce")
    func appleIdentityTokenRoute() async throws {
        let home = try TemporaryDirectory()
        let result = try await AuthflowCommand.run(
            ["demo", "--only", "apple", "--no-headless-browser"], environment: ["TMPDIR": home.path])
        let output = result.stdoutText
        #expect(result.exitCode == 0, "\(output)\n\(result.stderrText)")
        #expect(output.contains("$ authflow apple nonce --json"))
        #expect(output.contains("$ authflow apple sign-in --id-token "))
        #expect(output.contains("--full-name 'Ada Lovelace'"))
        #expect(!output.contains("handle-url"))
        #expect(
            output.contains(
                "✓ signed in with Apple as ada.q7x2@privaterelay.appleid.com (Ada Lovelace), from an identity token"))
    }

    @Test("An unknown flow is a usage error that names the flows there are")
    func unknownFlow() async throws {
        let result = try await AuthflowCommand.run(["demo", "--only", "phone,fax"])
        #expect(result.exitCode == 2)
        #expect(result.stderrText.contains("Unknown flow 'fax'"))
        #expect(result.stderrText.contains("email-link"))
        #expect(result.stdout.isEmpty)
    }

    @Test("No writable temporary directory: exit 3 and a message saying what to set")
    func unwritableTemporaryDirectory() async throws {
        let result = try await AuthflowCommand.run(["demo"], environment: ["TMPDIR": "/proc/authflow-no-such-dir"])
        #expect(result.exitCode == 3)
        #expect(result.stdoutText.contains("Set TMPDIR to a writable directory"))
        // The system's reason is worded too: no C library English in the Korean narration.
        let korean = try await AuthflowCommand.run(
            ["demo", "--lang", "ko"], environment: ["TMPDIR": "/proc/authflow-no-such-dir"])
        #expect(korean.exitCode == 3)
        #expect(korean.stdoutText.contains("TMPDIR"), "\(korean.stdoutText)")
        #expect(korean.stdoutText.contains("파일이나 디렉터리가 없습니다"), "\(korean.stdoutText)")
        #expect(!korean.stdoutText.contains("No such file"), "\(korean.stdoutText)")
        #expect(!korean.stdoutText.contains("libc:"), "\(korean.stdoutText)")
    }

    static func workspace(in output: String) -> String? {
        guard let line = output.split(separator: "\n").first(where: { $0.contains("State:") }) else { return nil }
        return line.split(separator: " ").last.map(String.init)
    }

    static func mode(of path: String) throws -> Int {
        try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }
}
