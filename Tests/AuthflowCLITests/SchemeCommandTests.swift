import AuthflowTestSupport
import Foundation
import Testing

/// `register-scheme`, the real `xdg-open`, `handle-url` and a waiting `listen`, in throwaway XDG directories.
@Suite("authflow register-scheme and the desktop's xdg-open")
struct SchemeCommandTests {
    /// What a desktop session would have, minus any desktop environment xdg-open could detect and defer to.
    static func desktop(_ home: TemporaryDirectory) throws -> [String: String] {
        let runtime = home.path + "/run"
        try FileManager.default.createDirectory(
            atPath: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        return [
            "HOME": home.path, "XDG_DATA_HOME": home.path + "/data", "XDG_CONFIG_HOME": home.path + "/config",
            "XDG_DATA_DIRS": home.path + "/system", "XDG_RUNTIME_DIR": runtime,
            // xdg-open consults scheme handlers only "with a display"; nothing here connects to one.
            "DISPLAY": ":authflow-test", "WAYLAND_DISPLAY": "", "XDG_CURRENT_DESKTOP": "", "DESKTOP_SESSION": "",
            "GNOME_DESKTOP_SESSION_ID": "", "KDE_FULL_SESSION": "", "BROWSER": "",
        ]
    }

    @Test(
        "register-scheme, then the real xdg-open hands the URL to the waiting listen (generic, and GNOME's gio)",
        arguments: [
            // Debian 12's xdg-open (xdg-utils 1.1.3) takes a scheme with digits for a file name unless a desktop
            // environment handles it, so the generic case uses letters only.
            ("com.example.authflow", [] as [String], ""),
            ("app-1-555-ios-abc", ["--app-id", "1:555:ios:abc"], "GNOME"),
        ])
    func xdgOpenReachesListen(scheme: String, derivation: [String], desktop: String) async throws {
        let home = try TemporaryDirectory()
        var environment = try Self.desktop(home)
        environment["XDG_CURRENT_DESKTOP"] = desktop

        let registered = try await AuthflowCommand.run(
            ["register-scheme"] + (derivation.isEmpty ? [scheme] : derivation), environment: environment)
        let listen = try RunningCommand(
            ["listen", "--json", "--scheme", scheme, "--state-param", "eventId", "--state", "ev-7", "--timeout", "60"],
            environment: environment)
        _ = try #require(await listen.readLine())
        let opened = try await Subprocess.run(
            "/usr/bin/xdg-open", arguments: ["\(scheme)://firebaseauth/link?eventId=ev-7&recaptchaToken=tok"],
            environment: environment, timeout: .seconds(30))
        if opened.exitCode != 0 { listen.send(SIGTERM) }
        let (termination, lines) = await listen.finish()
        let listed = try await AuthflowCommand.run(["register-scheme", "--list"], environment: environment)
        let removed = try await AuthflowCommand.run(["unregister-scheme", scheme], environment: environment)
        let query = try await Subprocess.run(
            "/usr/bin/xdg-mime", arguments: ["query", "default", "x-scheme-handler/\(scheme)"], environment: environment
        )

        #expect(registered.exitCode == 0, "\(registered.stderrText)")
        #expect(registered.stdoutText.contains("Registered \(scheme):"))
        #expect(!registered.stderrText.contains("treats"), "GNOME's gio and letter-only schemes have no limitation")
        #expect(opened.exitCode == 0, "\(opened.stderrText)")
        #expect(termination == .exited(0))
        let callback = try jsonObject(try #require(lines.first))
        #expect(callback["event"] as? String == "callback")
        #expect(callback["via"] as? String == "handoff")
        #expect((callback["params"] as? [String: String])?["recaptchaToken"] == "tok")
        #expect(listed.stdoutText.hasPrefix("\(scheme)\tdefault\t"))
        #expect(removed.exitCode == 0)
        #expect(query.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: home.path + "/data/applications/authflow-\(scheme).desktop"))
    }

    @Test("--print shows the entry and writes nothing; bad or missing schemes are usage errors")
    func previewAndErrors() async throws {
        let home = try TemporaryDirectory()
        let environment = try Self.desktop(home)

        let preview = try await AuthflowCommand.run(
            ["register-scheme", "--print", "--client-id", "123-abc.apps.googleusercontent.com"],
            environment: environment)
        let noScheme = try await AuthflowCommand.run(
            ["register-scheme"], environment: environment, workingDirectory: home.path)
        let https = try await AuthflowCommand.run(["register-scheme", "https"], environment: environment)

        #expect(preview.exitCode == 0)
        #expect(preview.stdoutText.contains("MimeType=x-scheme-handler/com.googleusercontent.apps.123-abc;"))
        let program = URL(fileURLWithPath: AuthflowCommand.binaryPath).resolvingSymlinksInPath().path
        #expect(preview.stdoutText.contains("\nExec=\(program) handle-url %u\n"))
        #expect(!FileManager.default.fileExists(atPath: home.path + "/data/applications"))
        #expect(noScheme.exitCode == 2)
        #expect(noScheme.stderrText.contains("neither an iOS client ID nor an app ID"))
        #expect(https.exitCode == 2)
        #expect(https.stderrText.contains("belongs to the browser"))
    }

    /// `--print` once showed an entry for any text; a scheme holding a line break wrote a key of its own.
    @Test(
        "--print refuses what registering refuses (2), printing no entry",
        arguments: [
            ("http", "http: belongs to the browser or the system"),
            ("mailto", "mailto: belongs to the browser or the system"),
            ("sftp", "sftp: belongs to the browser or the system"),
            ("", #""" is not a URL scheme"#),
            ("x\nExec=evil", #""x\nexec=evil" is not a URL scheme"#),
        ])
    func printRefusesWhatRegisteringRefuses(scheme: String, message: String) async throws {
        let home = try TemporaryDirectory()
        let environment = try Self.desktop(home)
        for print in [["--print"], []] {
            let result = try await AuthflowCommand.run(
                ["register-scheme"] + print + ["com.example.ok", scheme], environment: environment)
            #expect(result.exitCode == 2, "\(print) \(scheme.debugDescription): \(result.stderrText)")
            #expect(result.stderrText.contains(message), "\(result.stderrText)")
            #expect(result.stdoutText.isEmpty, "nothing shown or registered: \(result.stdoutText)")
        }
        #expect(!FileManager.default.fileExists(atPath: home.path + "/data/applications"), "nothing written")
    }

    @Test("listen --open fills in the redirect URI and state and starts --browser; the page's redirect ends the wait")
    func openWithBrowser() async throws {
        let home = try TemporaryDirectory()
        let browser = try ConsentingBrowser.install(at: home.file("browser"))
        let environment = try Self.desktop(home)

        let result = try await AuthflowCommand.run(
            [
                "listen", "--json", "--timeout", "30", "--browser", browser,
                "--open", "https://idp.example/authorize?client_id=x&redirect_uri={redirect_uri}&state={state}",
            ],
            environment: environment)

        let lines = result.stdoutText.split(separator: "\n")
        #expect(result.exitCode == 0, "\(result.stderrText)")
        let listening = try jsonObject(try #require(lines.first))
        let callback = try jsonObject(try #require(lines.last))
        #expect(callback["via"] as? String == "http")
        #expect((callback["params"] as? [String: String])?["state"] == listening["state"] as? String)
        #expect(
            result.stderrText.contains(
                "https://idp.example/authorize?client_id=x&redirect_uri=http%3A%2F%2F127.0.0.1%3A"))
    }

    @Test("--no-browser prints the URL and takes the final URL pasted on standard input")
    func noBrowserPaste() async throws {
        let home = try TemporaryDirectory()
        let environment = try Self.desktop(home)

        let result = try await AuthflowCommand.run(
            [
                "listen", "--no-browser", "--state", "st-3", "--scheme", "com.example.app", "--timeout", "30",
                "--open", "https://idp.example/authorize?redirect_uri={redirect_uri}&state={state}",
            ],
            stdin: Array("com.example.app://cb?state=wrong\ncom.example.app://cb?code=1&state=st-3\n".utf8),
            environment: environment)

        #expect(result.exitCode == 0, "\(result.stderrText)")
        #expect(result.stderrText.contains("open this URL in a browser"))
        #expect(result.stderrText.contains("https://idp.example/authorize?redirect_uri=http%3A%2F%2F127.0.0.1%3A"))
        #expect(result.stderrText.contains("not accepted"))
        #expect(result.stdoutText.hasSuffix("com.example.app://cb?code=1&state=st-3\n"))
    }

    @Test("Outside a desktop environment, register-scheme warns when this xdg-open cannot pass on a scheme with digits")
    func openerLimitationNote() async throws {
        let home = try TemporaryDirectory()
        let environment = try Self.desktop(home)
        let version = try await Subprocess.run("/usr/bin/xdg-open", arguments: ["--version"], environment: environment)
        let parts =
            version.stdoutText.split(separator: " ").last?.split(separator: ".").compactMap {
                Int($0.filter(\.isNumber))
            } ?? []
        let limited = parts.count >= 2 && (parts[0], parts[1]) < (1, 2)

        let digits = try await AuthflowCommand.run(["register-scheme", "app-1-2-ios-3"], environment: environment)
        let letters = try await AuthflowCommand.run(
            ["register-scheme", "com.example.letters"], environment: environment)

        #expect(digits.exitCode == 0)
        #expect(digits.stderrText.contains("treats app-1-2-ios-3: URLs as file names") == limited)
        #expect(!letters.stderrText.contains("treats"))
    }
}
