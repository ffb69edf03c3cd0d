import AuthflowTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Input the binary must refuse itself, before anything is sent or saved, with exit 2 and a message naming
/// what was wrong.
@Suite("authflow: bad input is refused locally")
struct BadInputCommandTests {
    @Test(
        "email-link send refuses what is not an email address (2), sends nothing and remembers nothing",
        arguments: ["a", "a@", "@b", "a b@c.com", "a\r\n@c.com", "a@b..com"])
    func sendRefusesMalformedAddresses(address: String) async throws {
        let fixture = try EmailLinkCLIFixture()
        let result = try await fixture.run(["email-link", "send", address, "--continue-url", fixture.continueURL])
        #expect(result.exitCode == 2, "\(result.stderrText)")
        #expect(result.stderrText.contains("is not an email address"), "\(result.stderrText)")
        #expect(fixture.backend.oobCodes.isEmpty, "nothing was sent")
        #expect(try fixture.pending.load() == nil, "nothing was remembered")
    }

    /// The addresses the third hostile test got through to the backend, each with what the refusal must name.
    static let hostileAddresses: [(address: String, reason: String)] = [
        ("a@@b.com", "it has more than one @"),
        ("a@b.com,c@d.com", "it has more than one @"),
        ("<a@b.com>", #"the part before the @ contains "<""#),
        ("\u{202E}moc.elpmaxe@ada", #"it contains the invisible character U+202E"#),
        (".a@b.com", "the part before the @ starts or ends with a dot"),
        (String(repeating: "a", count: 71) + "@b.com", "the part before the @ is 71 characters long; at most 64"),
    ]

    @Test(
        "Every command that takes an address refuses the hostile test's addresses (2) before any request",
        arguments: [
            ["email-link", "send", "ADDRESS", "--continue-url", "https://app.example.com/finish"],
            ["email-link", "complete", "LINK", "--email", "ADDRESS"],
            ["email", "methods", "ADDRESS"],
            ["email", "sign-in", "ADDRESS", "--password-stdin"],
        ])
    func hostileAddressesAreRefusedEverywhere(command: [String]) async throws {
        let fixture = try EmailLinkCLIFixture()
        let link = try await fixture.sendLink(to: "ada@example.com")
        try fixture.pending.remove()
        let requestsBefore = fixture.backend.receivedHeaders.count
        for (address, reason) in Self.hostileAddresses {
            let arguments = command.map { $0 == "ADDRESS" ? address : $0 == "LINK" ? link : $0 }
            let result = try await fixture.run(arguments, stdin: Array("secret123\n".utf8))
            let shown = "\(command[0]) \(command[1]) \(address.debugDescription)"
            #expect(result.exitCode == 2, "\(shown): \(result.stderrText)")
            #expect(result.stderrText.contains("is not an email address: \(reason)"), "\(shown): \(result.stderrText)")
            #expect(!result.stderrText.unicodeScalars.contains("\u{202E}"), "shown escaped: \(shown)")
        }
        #expect(fixture.backend.receivedHeaders.count == requestsBefore, "no request reached the backend")
        #expect(fixture.backend.oobCodes.count == 1, "no link was sent")
        #expect(fixture.isUnused(link))
        #expect(try fixture.pending.load() == nil, "nothing was remembered")
        #expect(try fixture.sessions.load() == nil, "nobody signed in")
    }

    @Test("email methods '' and 'a' are usage errors, not refusals")
    func methodsRefusesNonAddresses() async throws {
        let fixture = try EmailLinkCLIFixture()
        for address in ["", "a"] {
            let result = try await fixture.run(["email", "methods", address])
            #expect(result.exitCode == 2, "\(address): \(result.stderrText)")
            #expect(result.stderrText.contains("is not an email address"), "\(result.stderrText)")
        }
    }

    @Test(
        "An empty value for a flag is exit 2 naming the flag",
        arguments: [
            ["email", "methods", "ada@example.com", "--api-key", ""],
            ["email", "methods", "ada@example.com", "--project-id", ""],
            ["email", "methods", "ada@example.com", "--emulator", ""],
            ["email", "methods", "ada@example.com", "--state-dir", " "],
            ["listen", "--state-param", ""],
            ["apple", "sign-in", "--id-token", "", "--nonce", ""],
        ])
    func emptyFlagValues(arguments: [String]) async throws {
        let fixture = try EmailLinkCLIFixture()
        let flag = try #require(arguments.first { $0.hasPrefix("--") })
        let result = try await AuthflowCommand.run(
            arguments, environment: fixture.environment, workingDirectory: fixture.directory.path)
        #expect(result.exitCode == 2, "\(result.stderrText)")
        #expect(result.stderrText.contains("\(flag) was given an empty value"), "\(result.stderrText)")
    }

    @Test(
        "listen --pkce is refused (2) without --json, where the verifier would go, and with an --open URL that has a challenge"
    )
    func listenPKCEMisuse() async throws {
        let fixture = try EmailLinkCLIFixture()
        let plain = try await AuthflowCommand.run(
            ["listen", "--pkce", "--timeout", "1"], environment: fixture.environment,
            workingDirectory: fixture.directory.path)
        let twice = try await AuthflowCommand.run(
            ["listen", "--pkce", "--json", "--timeout", "1", "--open", "https://idp.example/a?code_challenge=x"],
            environment: fixture.environment, workingDirectory: fixture.directory.path)

        #expect(plain.exitCode == 2, "\(plain.stderrText)")
        #expect(plain.stderrText.contains("add --json"), "\(plain.stderrText)")
        #expect(twice.exitCode == 2, "\(twice.stderrText)")
        #expect(twice.stderrText.contains("already holds a code_challenge"), "\(twice.stderrText)")
    }

    @Test("--lang must be a BCP 47 tag: a header injection is refused (2) before any request")
    func languageTagInjection() async throws {
        let fixture = try EmailLinkCLIFixture()
        let injected = try await fixture.run([
            "email-link", "send", "ada@example.com", "--continue-url",
            fixture.continueURL, "--lang", "en\r\nX: 1",
        ])
        #expect(injected.exitCode == 2, "\(injected.stderrText)")
        #expect(injected.stderrText.contains("BCP 47"), "\(injected.stderrText)")
        #expect(injected.stderrText.contains(#"en\r\nX: 1"#), "shown escaped: \(injected.stderrText)")
        #expect(fixture.backend.oobCodes.isEmpty)

        let fine = try await fixture.run([
            "email-link", "send", "ada@example.com", "--continue-url",
            fixture.continueURL, "--lang", "pt-BR",
        ])
        #expect(fine.exitCode == 0, "\(fine.stderrText)")
    }

    @Test("A password longer than any Firebase password on standard input is refused locally (2)")
    func oversizedPassword() async throws {
        let fixture = try EmailLinkCLIFixture()
        let result = try await fixture.run(
            ["email", "sign-in", "ada@example.com", "--password-stdin"],
            stdin: [UInt8](repeating: UInt8(ascii: "p"), count: 2 * 1024 * 1024))
        #expect(result.exitCode == 2, "\(result.stderrText)")
        #expect(result.stderrText.contains("longer than any Firebase password"), "\(result.stderrText)")
    }

    @Test(
        "--port on a busy port is the user's choice to change: 2 in every command that takes it",
        arguments: [
            ["listen", "--no-browser"], ["phone", "sign-in", "+16505550162", "--verifier", "loopback", "--no-browser"],
            ["oauth", "sign-in", "--provider", "github.com", "--client-id", "x", "--ios-bundle-id", "com.example.x"],
            ["oauth", "sign-in", "--provider", "github.com", "--route", "web", "--no-browser"],
            ["apple", "sign-in", "--no-browser", "--client-id", "x", "--ios-bundle-id", "com.example.x"],
            ["emulator"],
        ])
    func busyPort(command: [String]) async throws {
        let fixture = try EmailLinkCLIFixture()
        let socketDescriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #expect(socketDescriptor >= 0)
        defer { close(socketDescriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                bind(socketDescriptor, generic, length) == 0 && listen(socketDescriptor, 1) == 0
                    && getsockname(socketDescriptor, generic, &length) == 0
            }
        }
        #expect(bound)
        let port = UInt16(bigEndian: address.sin_port)
        let result = try await AuthflowCommand.run(
            command + ["--port", String(port)], stdin: [],
            environment: fixture.environment.merging(["XDG_STATE_HOME": fixture.directory.path]) { _, new in new },
            workingDirectory: fixture.directory.path)
        #expect(result.exitCode == 2, "\(command): \(result.stderrText)")
        #expect(result.stderrText.contains("Port \(port)"), "\(result.stderrText)")
        #expect(result.stderrText.contains("already in use"), "\(result.stderrText)")
        if command[0] != "emulator" { #expect(result.stderrText.contains("--port 0"), "\(result.stderrText)") }
    }

    @Test("mfa unenroll on an account without second factors says there are none (1)")
    func unenrollWithoutFactors() async throws {
        let fixture = try PhoneCLIFixture()
        _ = try await fixture.signUp(email: "ada@example.com")
        let result = try await fixture.run(["mfa", "unenroll", "X"])
        #expect(result.exitCode == 1, "\(result.stderrText)")
        #expect(result.stderrText.contains("this account has no second factors at all"), "\(result.stderrText)")
        #expect(!result.stderrText.contains(": ."))
    }

    @Test(
        "A damaged link (broken escape at any layer) is exit 2 naming the parameter, for link inspect and email-link complete"
    )
    func damagedLink() async throws {
        let fixture = try EmailLinkCLIFixture()
        let damaged =
            "https://x.page.link/?link=https%3A%2F%2Fx.firebaseapp.com%2F__%2Fauth%2Faction%3FapiKey%3Dk"
            + "%26mode%3DsignIn%26oobCode%3DC%25G1"
        let inspected = try await AuthflowCommand.run(["link", "inspect", "--offline", damaged])
        #expect(inspected.exitCode == 2, "\(inspected.stderrText)")
        #expect(inspected.stderrText.contains("oobCode parameter"), "\(inspected.stderrText)")
        #expect(inspected.stderrText.contains("cut off or altered in transit"))

        let completed = try await fixture.run(["email-link", "complete", damaged, "--email", "ada@example.com"])
        #expect(completed.exitCode == 2, "\(completed.stderrText)")
        #expect(completed.stderrText.contains("cut off or altered in transit"), "\(completed.stderrText)")
        #expect(try fixture.sessions.load() == nil)
    }

    @Test("An argument whose bytes are not UTF-8 is exit 2, not inspected in a repaired form")
    func nonUTF8Argument() async throws {
        let result = try await Subprocess.run(
            "/bin/sh",
            arguments: [
                "-c", #"exec "$0" link inspect --offline "$(printf 'https://x.example/\377')""#,
                AuthflowCommand.binaryPath,
            ],
            stdin: nil, environment: ["PATH": "/usr/bin:/bin"], workingDirectory: nil, timeout: .seconds(60))
        #expect(result.exitCode == 2, "\(result.stderrText)")
        #expect(result.stderrText.contains("Argument 4 is not valid UTF-8"), "\(result.stderrText)")
    }

    @Test("javascript: and data: links are unknown (1), whatever action link they contain")
    func inertSchemes() async throws {
        for link in [
            "javascript://x/?link=https%3A%2F%2Fx.firebaseapp.com%2F__%2Fauth%2Faction%3FapiKey%3Dk"
                + "%26mode%3DsignIn%26oobCode%3DC",
            "data://x.firebaseapp.com/__/auth/action?apiKey=k&mode=signIn&oobCode=C",
        ] {
            let result = try await AuthflowCommand.run(["link", "inspect", "--offline", "--json", link])
            #expect(result.exitCode == 1, "\(link): \(result.stderrText)")
            #expect(try jsonObject(result.stdoutText)["kind"] as? String == "unknown")
        }
    }
}

/// The local state other users can reach.
@Suite("authflow: the rendezvous directory")
struct RendezvousDirectoryCommandTests {
    @Test(
        "A world-writable XDG_RUNTIME_DIR/authflow does not stop listen: without --scheme it is not used, with one the fixed /tmp/authflow-UID replaces it, with a warning"
    )
    func foreignRuntimeDirectory() async throws {
        let directory = try TemporaryDirectory()
        let planted = directory.file("authflow")
        try FileManager.default.createDirectory(atPath: planted, withIntermediateDirectories: false)
        #expect(chmod(planted, 0o777) == 0)
        let environment = ["XDG_RUNTIME_DIR": directory.path]

        // Nothing answers, so both end at their one-second deadline (4), not at startup.
        let plain = try await AuthflowCommand.run(
            ["listen", "--json", "--timeout", "1"], environment: environment)
        #expect(plain.exitCode == 4, "\(plain.stderrText)")
        #expect(plain.stdoutText.contains("\"listening\""), "\(plain.stdoutText)")
        #expect(!plain.stderrText.contains("warning"))

        let withScheme = try await AuthflowCommand.run(
            ["listen", "--json", "--timeout", "1", "--scheme", "com.example.app"], environment: environment)
        #expect(withScheme.exitCode == 4, "\(withScheme.stderrText)")
        #expect(
            withScheme.stderrText.contains("warning: \(planted) belongs to another user or is writable by others"),
            "\(withScheme.stderrText)")
        #expect(withScheme.stderrText.contains("flows wait in /tmp/authflow-\(geteuid()) instead"))
        let leftInPlanted = try FileManager.default.contentsOfDirectory(atPath: planted)
        #expect(leftInPlanted.isEmpty, "nothing was published into the planted directory")
    }

    @Test(
        "With XDG_RUNTIME_DIR/authflow refused, listen --scheme and handle-url meet in the one fallback directory: the handoff works, and no directory is made per command"
    )
    func handoffThroughTheFallback() async throws {
        let directory = try TemporaryDirectory()
        let planted = directory.file("authflow")
        try FileManager.default.createDirectory(atPath: planted, withIntermediateDirectories: false)
        #expect(chmod(planted, 0o777) == 0)
        let environment = ["XDG_RUNTIME_DIR": directory.path]
        let made = { () -> Set<String> in
            Set((try? FileManager.default.contentsOfDirectory(atPath: "/tmp")) ?? []).filter {
                $0.hasPrefix("authflow-\(geteuid())-")
            }
        }
        let before = made()
        let scheme = "com.example.fallback-\(getpid())"
        let state = "st-fallback-\(UInt32.random(in: 0...UInt32.max))"
        let listen = try RunningCommand(
            ["listen", "--json", "--scheme", scheme, "--state", state, "--timeout", "60"], environment: environment)
        _ = try #require(await listen.readLine())

        let handed = try await AuthflowCommand.run(
            ["handle-url", "\(scheme)://cb?code=c1&state=\(state)"], environment: environment)
        let (termination, lines) = await listen.finish()
        #expect(handed.exitCode == 0, "\(handed.stderrText)")
        #expect(termination == .exited(0))
        #expect(lines.first?.contains("\"via\":\"handoff\"") == true, "\(lines)")
        #expect(made().subtracting(before).isEmpty, "no /tmp/authflow-UID-XXXXXX directory was made")
        var info = stat()
        #expect(lstat("/tmp/authflow-\(geteuid())", &info) == 0)
        #expect(info.st_mode & S_IFMT == S_IFDIR && info.st_mode & 0o777 == 0o700 && info.st_uid == geteuid())
    }

    @Test(
        "An XDG_RUNTIME_DIR that cannot hold the rendezvous directory is a usage problem (2) naming the runtime directory, in listen and oauth sign-in"
    )
    func unusableRuntimeDirectory() async throws {
        let fixture = try EmailLinkCLIFixture()
        let notADirectory = fixture.directory.file("runtime-is-a-file")
        try Data("x".utf8).write(to: URL(fileURLWithPath: notADirectory))
        for command in [
            ["listen", "--json", "--timeout", "5", "--scheme", "com.example.app"],
            [
                "oauth", "sign-in", "--provider", "github.com", "--client-id", "x", "--ios-bundle-id", "com.example.x",
                "--no-browser", "--timeout", "5", "--state-dir", fixture.stateRoot,
            ],
        ] {
            let result = try await AuthflowCommand.run(
                command, stdin: [],
                environment: fixture.environment.merging(["XDG_RUNTIME_DIR": notADirectory]) { _, new in new },
                workingDirectory: fixture.directory.path)
            #expect(result.exitCode == 2, "\(command): \(result.stderrText)")
            #expect(
                result.stderrText.contains("Cannot use the runtime directory \(notADirectory)/authflow"),
                "\(result.stderrText)")
            #expect(result.stderrText.contains("XDG_RUNTIME_DIR"), "\(result.stderrText)")
            #expect(!result.stderrText.contains("state directory"), "\(result.stderrText)")
        }
    }

    @Test("Every command that can fall back from the rendezvous directory warns, once: handle-url and apple sign-in")
    func otherCommandsWarnToo() async throws {
        let fixture = try EmailLinkCLIFixture()
        let planted = fixture.directory.file("authflow")
        try FileManager.default.createDirectory(atPath: planted, withIntermediateDirectories: false)
        #expect(chmod(planted, 0o777) == 0)
        let warning = "warning: \(planted) belongs to another user or is writable by others"

        let handle = try await fixture.run(["handle-url", "com.example.app:/link?x=1"])
        #expect(handle.stderrText.contains(warning), "\(handle.stderrText)")

        let apple = try await fixture.run(["apple", "sign-in", "--no-browser", "--timeout", "1"], stdin: [])
        #expect(apple.stderrText.contains(warning), "\(apple.stderrText)")
        #expect(apple.stderrText.components(separatedBy: warning).count == 2, "warned once: \(apple.stderrText)")
    }
}

/// A read-only state directory still serves a valid token.
@Suite("authflow token: read-only state")
struct ReadOnlyStateCommandTests {
    @Test(
        "token with a still-valid stored ID token needs no lock and no write: a read-only project directory serves it")
    func readOnlyStateDirectory() async throws {
        let fixture = try await SignedInBackend()
        // A mode of 0500 would not stop a test running as root, so the lock file's place is taken by a
        // directory: opening it for writing fails for everyone, as it would on a read-only directory.
        let lockPath = fixture.store.directory.file(".lock")
        try? FileManager.default.removeItem(atPath: lockPath)
        try FileManager.default.createDirectory(atPath: lockPath, withIntermediateDirectories: false)
        let result = try await AuthflowCommand.run(
            ["token", "--state-dir", fixture.stateRoot.path], environment: fixture.environment,
            workingDirectory: fixture.directory.path)
        #expect(result.exitCode == 0, "\(result.stderrText)")
        #expect(result.stdoutText == fixture.session.tokens.idToken + "\n")
    }
}
