import AuthflowTestSupport
import Foundation
import Testing

@testable import AuthflowCLI

/// Which command lines start opening a library before the parse, and that the real binary then opens it once and
/// still opens nothing for the same commands' help.
@Suite("Libraries opened early for commands that always use them")
struct LibraryWarmUpTests {
    @Test("Every listed command is a leaf of the command tree")
    func listedCommandsAreLeaves() {
        let leaves = DirectRoute.leaves.map(\.names)
        for entry in LibraryWarmUp.entries {
            #expect(leaves.contains(entry.names), "\(entry.names) is not a leaf")
        }
    }

    @Test(
        "Applies to a listed command's run, not to its help, other commands or a root flag",
        arguments: [
            (["authflow", "email-link", "send", "a@example.com"], ["email-link", "send"]),
            (["authflow", "email-link", "complete", "https://x.example/?oobCode=1"], ["email-link", "complete"]),
            (["authflow", "email", "sign-in", "a@example.com", "--password-stdin"], ["email", "sign-in"]),
            (["authflow", "listen", "--json"], ["listen"]),
            (["authflow", "email-link", "send", "--help"], nil),
            (["authflow", "email-link", "send", "a@example.com", "-h"], nil),
            (["authflow", "email-link", "send", "--version"], nil),
            (["authflow", "listen", "--generate-completion-script", "bash"], nil),
            (["authflow", "email-link"], nil),
            (["authflow", "whoami"], nil),
            (["authflow", "handle-url", "email-link", "send"], nil),
            (["authflow"], nil),
        ] as [([String], [String]?)])
    func applies(_ arguments: [String], _ expected: [String]?) {
        #expect(LibraryWarmUp.entry(for: arguments)?.names == expected)
    }

    /// `listen` opens libmicrohttpd once, early or not (LD_DEBUG=files), and libcurl never; its help opens nothing.
    @Test("listen opens libmicrohttpd once and not libcurl; its help opens no library")
    func listenOpensTheListenerLibraryOnce() async throws {
        let directory = try TemporaryDirectory()
        var environment = ProcessInfo.processInfo.environment
        environment["LD_DEBUG"] = "files"
        environment["XDG_RUNTIME_DIR"] = directory.path
        environment["BROWSER"] = ""
        let listen = try await AuthflowCommand.run(
            ["listen", "--json", "--timeout", "1"], environment: environment, workingDirectory: directory.path)
        let help = try await AuthflowCommand.run(
            ["listen", "--help"], environment: environment, workingDirectory: directory.path)

        #expect(listen.exitCode == 4, "\(listen.stderrText.suffix(2000))")
        let opened = listen.stderrText.split(separator: "\n").filter {
            $0.contains("file=libmicrohttpd.so.12 ") && $0.contains("dynamically loaded")
        }
        #expect(opened.count == 1, "\(opened)")
        #expect(!listen.stderrText.contains("file=libcurl"))
        #expect(help.exitCode == 0)
        #expect(help.stderrText.contains("file="), "LD_DEBUG reported nothing")
        #expect(!help.stderrText.contains("file=libmicrohttpd"))
    }

    /// LD_DEBUG=files reports each object the loader opens; libcurl's line appears once however the two threads
    /// meet, and not at all for the command's help.
    @Test("email-link send opens libcurl once; its help opens no library")
    func opensOnceAndNotForHelp() async throws {
        let fixture = try await SignedInBackend()
        var environment = fixture.environment
        environment["LD_DEBUG"] = "files"
        let state = ["--state-dir", fixture.stateRoot.path]
        let send = try await AuthflowCommand.run(
            ["email-link", "send", "ada@example.com", "--continue-url", "https://app.example.com/finish"] + state,
            environment: environment, workingDirectory: fixture.directory.path)
        let help = try await AuthflowCommand.run(
            ["email-link", "send", "--help"], environment: environment, workingDirectory: fixture.directory.path)

        #expect(send.exitCode == 0, "\(send.stderrText.suffix(2000))")
        let opened = send.stderrText.split(separator: "\n").filter {
            $0.contains("file=libcurl.so.4 ") && $0.contains("dynamically loaded")
        }
        #expect(opened.count == 1, "\(opened)")
        #expect(help.exitCode == 0)
        #expect(help.stderrText.contains("file="), "LD_DEBUG reported nothing")
        #expect(!help.stderrText.contains("file=libcurl"))
    }

    /// A listed command whose parse fails exits while its early work (the library's thread, the executor's first
    /// worker) may still be under way: the outcome is the parse's alone, status 2 and ArgumentParser's message on
    /// standard error, nothing else on either stream.
    @Test(
        "A listed command's usage error while its early work runs: exit 2, ArgumentParser's message alone",
        arguments: [
            (["listen", "--no-such-option"], "Error: Unknown option '--no-such-option'", "listen"),
            (
                ["email-link", "send", "a@example.com", "--continue-url"],
                "Error: Missing value for '--continue-url <url>'", "email-link send"
            ),
            (
                ["email-link", "complete", "--email"], "Error: Missing value for '--email <email>'",
                "email-link complete"
            ),
            (
                ["email", "sign-in", "a@example.com", "--no-such-option"], "Error: Unknown option '--no-such-option'",
                "email sign-in"
            ),
        ] as [([String], String, String)])
    func usageErrorUnchanged(_ arguments: [String], _ firstLine: String, _ command: String) async throws {
        #expect(LibraryWarmUp.entry(for: ["authflow"] + arguments) != nil, "not a listed command line")
        let directory = try TemporaryDirectory()
        let result = try await AuthflowCommand.run(
            arguments, environment: ["XDG_RUNTIME_DIR": directory.path, "XDG_STATE_HOME": directory.path],
            workingDirectory: directory.path)
        let lines = result.stderrText.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(result.exitCode == 2)
        #expect(result.stdoutText.isEmpty, "\(result.stdoutText)")
        #expect(lines.first.map(String.init) == firstLine, "\(result.stderrText)")
        #expect(lines.contains("  See 'authflow \(command) --help' for more information."), "\(result.stderrText)")
        #expect(lines.filter { $0.hasPrefix("Error: ") }.count == 1, "\(result.stderrText)")
        #expect(lines.count <= 5, "\(result.stderrText)")
    }

    /// With libcurl unreadable (bound over by /dev/null in a user and mount namespace, as LazyLibraryTests does), the
    /// early opening fails quietly and the first request reports it as any command does: exit 2, the package named.
    @Test("email-link send without libcurl: the early opening's failure is reported by the request, exit 2")
    func missingLibraryStillAClearUsageError() async throws {
        let fixture = try await SignedInBackend()
        let result = try await LazyLibraryTests.runHiding(
            "libcurl.so.4",
            [
                "email-link", "send", "ada@example.com", "--continue-url", "https://app.example.com/finish",
                "--state-dir", fixture.stateRoot.path,
            ], directory: fixture.directory.url, environment: fixture.environment)
        #expect(result.exitCode == 2, "\(result.stderrText)")
        #expect(result.stderrText.contains("libcurl.so.4"))
        #expect(result.stderrText.contains("apt install libcurl4"))
        #expect(fixture.backend.oobCodes.isEmpty)
    }
}
