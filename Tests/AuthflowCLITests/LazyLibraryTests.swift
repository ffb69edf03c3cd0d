import AuthflowTestSupport
import Foundation
import Testing

/// The four C libraries are opened on first use, not at exec: commands that need none of them never map them.
/// The real binary runs with glibc's `LD_DEBUG=files`, which reports every object the loader opens (at exec and
/// by dlopen), so a library counts as loaded exactly when the loader says it opened it.
@Suite("C libraries load on first use")
struct LazyLibraryTests {
    private static let libraries = ["libcurl.so.4", "libxml2.so.2", "libmicrohttpd.so.12", "libqrencode.so.4"]

    /// The libraries among the four that the loader opened while running the command.
    private func loaded(_ result: SubprocessResult) -> [String] {
        Self.libraries.filter { result.stderrText.contains("file=\($0)") }
    }

    private func run(_ arguments: [String], _ fixture: SignedInBackend? = nil) async throws -> SubprocessResult {
        var environment = fixture?.environment ?? [:]
        environment["LD_DEBUG"] = "files"
        let state = fixture.map { ["--state-dir", $0.stateRoot.path] } ?? []
        return try await AuthflowCommand.run(
            arguments + state, environment: environment, workingDirectory: fixture?.directory.path)
    }

    @Test func commandsWithoutNetworkParsingOrListenerLoadNone() async throws {
        let fixture = try await SignedInBackend()
        let commands: [([String], Bool)] = [
            (["--version"], false),
            (["--help"], false),
            (["handle-url", "http://127.0.0.1:1/__/auth/handler?state=nobody-waits&code=x"], false),
            (["whoami"], true),
            (["token"], true),
            (["config", "show", "--offline"], false),
            (["link", "inspect", "--offline", "--json", "https://demo.page.link/AbCd"], false),
            (["sign-out"], true),
        ]
        for (arguments, signedIn) in commands {
            let result = try await run(arguments, signedIn ? fixture : nil)
            #expect(result.stderrText.contains("file="), "LD_DEBUG reported nothing for \(arguments)")
            #expect(loaded(result).isEmpty, "\(arguments) loaded \(loaded(result))")
        }
    }

    /// The control: a command that asks the server does open libcurl (and only libcurl), so the check above sees
    /// a library when one is opened.
    @Test func aCommandThatFetchesLoadsLibcurlOnly() async throws {
        let fixture = try await SignedInBackend()
        let result = try await run(["whoami", "--check", "--json"], fixture)
        #expect(result.exitCode == 0, "\(result.stderrText.suffix(2000))")
        #expect(loaded(result) == ["libcurl.so.4"])
    }

    /// With libcurl unreadable (a user and mount namespace binds /dev/null over it), a command that needs it says
    /// which Debian package to install and exits 2, instead of failing in the loader at start.
    @Test func aMissingLibraryIsAClearUsageError() async throws {
        let library = URL(fileURLWithPath: "/usr/lib/x86_64-linux-gnu/libcurl.so.4").resolvingSymlinksInPath().path
        guard FileManager.default.fileExists(atPath: library) else {
            Issue.record("libcurl is not at \(library)")
            return
        }
        let fixture = try await SignedInBackend()
        let script = "mount --bind /dev/null \"$1\" && shift && exec \"$@\""
        let arguments = [AuthflowCommand.binaryPath, "whoami", "--check", "--state-dir", fixture.stateRoot.path]
        let result = try await Subprocess.run(
            "/usr/bin/unshare", arguments: ["-rm", "/bin/sh", "-c", script, "sh", library] + arguments,
            environment: fixture.environment, workingDirectory: fixture.directory.path, timeout: .seconds(60))
        #expect(result.exitCode == 2, "\(result.stderrText)")
        #expect(result.stderrText.contains("libcurl.so.4"))
        #expect(result.stderrText.contains("apt install libcurl4"))
        #expect(!result.stderrText.contains("error while loading shared libraries"))

        let offline = try await Subprocess.run(
            "/usr/bin/unshare",
            arguments: [
                "-rm", "/bin/sh", "-c", script, "sh", library, AuthflowCommand.binaryPath, "whoami",
                "--state-dir", fixture.stateRoot.path,
            ],
            environment: fixture.environment, workingDirectory: fixture.directory.path, timeout: .seconds(60))
        #expect(offline.exitCode == 0, "whoami without --check needs no libcurl: \(offline.stderrText)")
    }

    /// Runs the binary with `library` unreadable, as above, with `environment` besides the state directories.
    static func runHiding(
        _ library: String, _ arguments: [String], directory: URL, environment: [String: String] = [:]
    ) async throws -> SubprocessResult {
        let path = URL(fileURLWithPath: "/usr/lib/x86_64-linux-gnu/\(library)").resolvingSymlinksInPath().path
        let script = "mount --bind /dev/null \"$1\" && shift && exec \"$@\""
        return try await Subprocess.run(
            "/usr/bin/unshare",
            arguments: ["-rm", "/bin/sh", "-c", script, "sh", path, AuthflowCommand.binaryPath] + arguments,
            environment: environment.merging(["XDG_RUNTIME_DIR": directory.path, "XDG_STATE_HOME": directory.path]) {
                $1
            },
            workingDirectory: directory.path, timeout: .seconds(60))
    }

    /// The listener's layer reports a missing libmicrohttpd as a typed error (LoopbackServerError
    /// .libraryUnavailable), which `listen` words like any missing library: exit 2, the package named.
    @Test func aMissingListenerLibraryIsAClearUsageError() async throws {
        let directory = try TemporaryDirectory()
        let result = try await Self.runHiding(
            "libmicrohttpd.so.12", ["listen", "--timeout", "5"], directory: directory.url)
        #expect(result.exitCode == 2, "\(result.stderrText)")
        #expect(result.stderrText.contains("libmicrohttpd.so.12"))
        #expect(result.stderrText.contains("apt install libmicrohttpd12"))
    }

    /// The HTML layer reports a missing libxml2 as a typed error (DocumentError.libraryUnavailable): the message
    /// comes through `link inspect`'s own error line, which names the file, not through the loader's last-resort
    /// handler, which could not know it.
    @Test func aMissingHTMLLibraryIsATypedError() async throws {
        let directory = try TemporaryDirectory()
        let page = directory.url.appendingPathComponent("page.html")
        try Data("<a href=\"https://example.com/\">x</a>".utf8).write(to: page)
        let result = try await Self.runHiding(
            "libxml2.so.2", ["link", "inspect", "--offline", "--html", page.path], directory: directory.url)
        #expect(result.exitCode == 2, "\(result.stderrText)")
        #expect(result.stderrText.hasPrefix("authflow: \(page.path): This command needs libxml2.so.2"))
        #expect(result.stderrText.contains("apt install libxml2"))
    }
}
