import AuthflowTestSupport
import Foundation
import Testing

/// `authflow emulator --import DIR --export-on-exit [DIR]` through the binary: the export made when a signal
/// stops it, read back by the next start; a malformed import refused with status 2; an export cut short that
/// leaves the previous one as it was.
@Suite("authflow emulator --import / --export-on-exit")
struct EmulatorPersistenceCommandTests {
    static func temporaryDirectory() throws -> String {
        let path = NSTemporaryDirectory() + "authflow-persist-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// The port from the `--json` line.
    static func port(of command: InteractiveCommand) async throws -> Int {
        for _ in 0..<1200 {
            if let line = command.stdoutText.split(separator: "\n").first, command.stdoutText.contains("\n") {
                return try #require(try jsonObject(line)["port"] as? Int)
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw Unexpected("no JSON line: \(command.stdoutText) / \(command.stderrText)")
    }

    static func curl(_ arguments: [String]) async throws -> String {
        let curl = try #require(Subprocess.which("curl"))
        let result = try await Subprocess.run(curl, arguments: ["-s"] + arguments, timeout: .seconds(60))
        return result.stdoutText
    }

    static func signUp(port: Int, email: String) async throws {
        let reply = try await curl([
            "-H", "Content-Type: application/json", "--data", #"{"email":"\#(email)","password":"pw-123456"}"#,
            "http://127.0.0.1:\(port)/identitytoolkit.googleapis.com/v1/accounts:signUp?key=k",
        ])
        #expect(reply.contains("idToken"), "\(reply)")
    }

    static func accountsFile(_ directory: String) throws -> String {
        try String(contentsOfFile: directory + "/auth_export/accounts.json", encoding: .utf8)
    }

    @Test(
        "A signal stops the emulator after exporting to the --import directory; the next start imports it",
        arguments: [SIGTERM, SIGINT])
    func exportOnSignal(signal: Int32) async throws {
        let data = try Self.temporaryDirectory() + "/data"
        // The --import directory does not exist yet: the first run of a project, which only exports.
        let first = try InteractiveCommand(
            ["emulator", "--port", "0", "--json", "--import", data, "--export-on-exit"], environment: [:])
        let port = try await Self.port(of: first)
        try await Self.signUp(port: port, email: "kept@example.com")
        first.send(signal: signal)
        #expect(await first.finish() == .exited(0), "\(first.stderrText)")
        #expect(try Self.accountsFile(data).contains("kept@example.com"))

        let second = try InteractiveCommand(
            ["emulator", "--port", "0", "--json", "--import", data], environment: [:])
        let secondPort = try await Self.port(of: second)
        #expect(try jsonObject(second.stdoutText.split(separator: "\n")[0])["imported"] as? Int == 1)
        let listed = try await Self.curl([
            "-H", "Authorization: Bearer owner",
            "http://127.0.0.1:\(secondPort)/identitytoolkit.googleapis.com/v1/projects/demo-authflow/accounts:batchGet",
        ])
        #expect(listed.contains("kept@example.com"), "\(listed)")
        second.send(signal: SIGTERM)
        #expect(await second.finish() == .exited(0))
    }

    static func writeExport(_ directory: String, accounts: String) throws {
        try FileManager.default.createDirectory(
            atPath: directory + "/auth_export", withIntermediateDirectories: true)
        try Data(#"{"version":"13.29.1","auth":{"version":"13.29.1","path":"auth_export"}}"#.utf8).write(
            to: URL(fileURLWithPath: directory + "/firebase-export-metadata.json"))
        try Data(accounts.utf8).write(to: URL(fileURLWithPath: directory + "/auth_export/accounts.json"))
    }

    @Test("A malformed import stops the start with status 2, naming the file, the entry and the field, in Korean too")
    func malformedImport() async throws {
        let directory = try Self.temporaryDirectory()
        try Self.writeExport(
            directory, accounts: #"{"users":[{"localId":"a1"},{"localId":"b2","emailVerified":"yes"}]}"#)
        let english = try await AuthflowCommand.run(
            ["emulator", "--port", "0", "--import", directory], environment: ["LANG": "C"])
        #expect(english.exitCode == 2)
        let text = english.stderrText
        #expect(text.contains("\"\(directory)/auth_export/accounts.json\""), "\(text)")
        #expect(text.contains("entry 1 (localId \"b2\")"), "\(text)")
        #expect(text.contains("field \"emailVerified\""), "\(text)")
        #expect(text.contains("true or false"), "\(text)")
        #expect(!text.contains("Base URL"), "nothing is served: \(text)")

        let korean = try await AuthflowCommand.run(
            ["emulator", "--port", "0", "--import", directory], environment: ["LANG": "C", "AUTHFLOW_LANG": "ko"])
        #expect(korean.exitCode == 2)
        #expect(korean.stderrText.contains("항목 1(localId \"b2\")"), "\(korean.stderrText)")
        #expect(korean.stderrText.contains("가져오기가"), "\(korean.stderrText)")
    }

    @Test("The help says what the emulator serves now and documents --import, --export-on-exit and the export endpoint")
    func help() async throws {
        let result = try await AuthflowCommand.run(["emulator", "--help"])
        let text = result.stdoutText.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(!text.contains("the phone, email-link, Sign in with Apple and SMS multi-factor flows"), "\(text)")
        for served in ["OIDC/SAML provider configurations", "TOTP", "passkey", "blocking functions", "App Check"] {
            #expect(text.contains(served), "\(served) missing from: \(text)")
        }
        for flag in ["--import <dir>", "--export-on-exit <dir>", "/_admin/export", "firebase-export-metadata.json"] {
            #expect(text.contains(flag), "\(flag) missing from: \(text)")
        }
    }

    @Test("--export-on-exit without a directory needs --import; an empty one is refused (status 2)")
    func exportOnExitNeedsDirectory() async throws {
        let bare = try await AuthflowCommand.run(["emulator", "--port", "0", "--export-on-exit"])
        #expect(bare.exitCode == 2)
        #expect(bare.stderrText.contains("--export-on-exit <dir>"), "\(bare.stderrText)")
        let empty = try await AuthflowCommand.run(["emulator", "--port", "0", "--export-on-exit", ""])
        #expect(empty.exitCode == 2)
        #expect(empty.stderrText.contains("--import DIR"), "\(empty.stderrText)")
    }

    @Test("--export-on-exit naming a directory that holds the current one is refused (status 2), as by firebase-tools")
    func exportOnExitAroundWorkingDirectory() async throws {
        let directory = try Self.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: directory + "/work", withIntermediateDirectories: true)
        let result = try await AuthflowCommand.run(
            ["emulator", "--port", "0", "--export-on-exit", directory], workingDirectory: directory + "/work")
        #expect(result.exitCode == 2)
        #expect(result.stderrText.contains("holds the current directory"), "\(result.stderrText)")
    }

    @Test("An export cut short (the file size limit kills the emulator mid-write) leaves the previous export intact")
    func interruptedExport() async throws {
        let directory = try Self.temporaryDirectory()
        let previous =
            #"{"kind":"identitytoolkit#DownloadAccountResponse","users":[{"localId":"previous1","email":"old@example.com"}]}"#
        try Self.writeExport(directory, accounts: previous)
        let before = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        let prlimit = try #require(Subprocess.which("prlimit"))
        // 64 KiB per file: the import reads, the export's accounts.json below exceeds it (SIGXFSZ).
        let command = try InteractiveCommand(
            [
                "--fsize=65536", "--", AuthflowCommand.binaryPath, "emulator", "--port", "0", "--json", "--import",
                directory, "--export-on-exit",
            ],
            environment: [:], executable: prlimit)
        let port = try await Self.port(of: command)
        let users = (0..<600).map {
            #"{"localId":"user\#($0)","email":"user\#($0)@example.com","displayName":"A user with a long enough name \#($0)","rawPassword":"pw-\#($0)-123456"}"#
        }
        let created = try await Self.curl([
            "-H", "Authorization: Bearer owner", "-H", "Content-Type: application/json",
            "--data", #"{"users":[\#(users.joined(separator: ","))]}"#,
            "http://127.0.0.1:\(port)/identitytoolkit.googleapis.com/v1/projects/demo-authflow/accounts:batchCreate",
        ])
        #expect(created.contains("UploadAccountResponse"), "\(created)")
        command.send(signal: SIGTERM)
        let end = await command.finish()
        #expect(end != .exited(0), "the export was meant to fail: \(command.stderrText)")

        #expect(try Self.accountsFile(directory) == previous)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == before)
    }
}
