import AuthflowTestSupport
import Foundation
import Testing

/// Each command's `--help` lists only the exit statuses it can return. These drive commands into statuses cheaply
/// (no session, an emulator address where nothing listens, input refused before any request) and check that the
/// status the real binary returned is one its own help lists: a help block that left out a reachable status fails.
@Suite("Exit statuses: what a command returns is in its help")
struct ExitStatusCoverageTests {
    /// Settings that reach nothing: loopback port 1 has no server, and the state directory is empty.
    private static func offline(_ stateDirectory: String) -> [String] {
        ["--emulator", "127.0.0.1:1", "--project-id", "demo-exit-status", "--state-dir", stateDirectory]
    }

    /// The statuses listed in the "EXIT STATUS:" block of `command --help`.
    private func documentedStatuses(_ command: [String]) async throws -> Set<Int32> {
        let result = try await AuthflowCommand.run(command + ["--help"])
        let lines = result.stdoutText.components(separatedBy: "\n")
        guard let start = lines.firstIndex(of: "EXIT STATUS:") else { return [] }
        let block = lines[(start + 1)...].prefix { !$0.isEmpty }
        return Set(block.compactMap { Int32($0.trimmingCharacters(in: .whitespaces).prefix { $0.isNumber }) })
    }

    /// A command, the arguments that drive it, what to feed its standard input, and the status it must end with.
    struct Drive: Sendable, CustomTestStringConvertible {
        let command: [String]
        let arguments: [String]
        var stdin: String = ""
        let status: Int32
        var testDescription: String { (command + arguments).joined(separator: " ") + " → \(status)" }
    }

    static let drives: [Drive] = [
        // 1: nobody is signed in.
        Drive(command: ["token"], arguments: [], status: 1),
        Drive(command: ["whoami"], arguments: ["--check"], status: 1),
        Drive(command: ["email", "verify"], arguments: [], status: 1),
        Drive(command: ["delete-account"], arguments: ["--yes"], status: 1),
        Drive(command: ["mfa", "list"], arguments: [], status: 1),
        Drive(command: ["mfa", "unenroll"], arguments: ["x"], status: 1),
        Drive(command: ["oauth", "unlink"], arguments: ["--provider", "github.com"], status: 1),
        // 3: the network: nothing listens on the emulator's port.
        Drive(command: ["email", "methods"], arguments: ["a@b.test"], status: 3),
        Drive(
            command: ["email-link", "send"], arguments: ["a@b.test", "--continue-url", "https://x.test/"], status: 3),
        Drive(command: ["email", "sign-in"], arguments: ["a@b.test", "--password-stdin"], stdin: "pw\n", status: 3),
        // 2: input refused before any request.
        Drive(command: ["email", "methods"], arguments: ["a"], status: 2),
        Drive(command: ["email", "sign-in"], arguments: ["a@b.test", "--password-stdin"], status: 2),
        Drive(
            command: ["email-link", "complete"],
            arguments: ["https://x.test/?mode=signIn&oobCode=A&apiKey=K"], status: 2),
        Drive(command: ["link", "inspect"], arguments: ["--html", "/nonexistent/page.html"], status: 2),
        // 0 and 1 without any settings.
        Drive(command: ["sign-out"], arguments: [], status: 0),
        Drive(command: ["config", "show"], arguments: [], status: 0),
        Drive(command: ["link", "inspect"], arguments: ["javascript:x"], status: 1),
    ]

    @Test(arguments: drives)
    func theStatusReturnedIsDocumented(drive: Drive) async throws {
        let state = try TemporaryDirectory()
        let usesProject = drive.command.first != "link"
        let arguments = drive.command + drive.arguments + (usesProject ? Self.offline(state.path) : [])
        let result = try await AuthflowCommand.run(arguments, stdin: Array(drive.stdin.utf8))
        #expect(result.exitCode == drive.status, "\(arguments): \(result.stderrText)")
        let documented = try await documentedStatuses(drive.command)
        #expect(
            documented.contains(result.exitCode),
            "\(drive.command) returned \(result.exitCode); its help lists \(documented.sorted())")
    }
}
