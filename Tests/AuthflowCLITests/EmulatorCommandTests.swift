import AuthflowTestSupport
import Foundation
import Testing

/// `authflow emulator` says which project it serves: in the banner, and as one JSON line for scripts.
@Suite("authflow emulator")
struct EmulatorCommandTests {
    /// Polls the command's standard output until `matches` finds something (or it ends).
    private func waitForOutput(_ command: InteractiveCommand, _ matches: (String) -> String?) async throws -> String {
        for _ in 0..<1200 {
            if let found = matches(command.stdoutText) { return found }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw Unexpected("not seen on stdout: \(command.stdoutText) / \(command.stderrText)")
    }

    @Test("The banner prints the export lines for both the host and the project")
    func bannerNamesTheProject() async throws {
        let command = try InteractiveCommand(["emulator", "--port", "0", "--project", "demo-banner"], environment: [:])
        let banner = try await waitForOutput(command) { $0.contains("Press Ctrl-C") ? $0 : nil }
        command.send(signal: SIGINT)
        // Ctrl-C is how the emulator is stopped: 0, which is why its help lists no 130 (SIGTERM: jsonLine).
        #expect(await command.finish() == .exited(0))

        #expect(banner.contains("export FIREBASE_AUTH_EMULATOR_HOST=127.0.0.1:"))
        #expect(banner.contains("export FIREBASE_PROJECT_ID=demo-banner\n"), "\(banner)")
    }

    @Test("--json prints one line with host, port and project, and the port answers")
    func jsonLine() async throws {
        let command = try InteractiveCommand(
            ["emulator", "--port", "0", "--project", "demo-json", "--json"], environment: [:])
        let line = try await waitForOutput(command) { text in text.contains("\n") ? text : nil }
        let object = try jsonObject(line.split(separator: "\n")[0])
        let port = try #require(object["port"] as? Int)
        #expect(object["host"] as? String == "127.0.0.1")
        #expect(object["project"] as? String == "demo-json")
        #expect(object["emulatorHost"] as? String == "127.0.0.1:\(port)")
        #expect(port > 0)
        let curl = try #require(Subprocess.which("curl"))
        let reply = try await Subprocess.run(
            curl, arguments: ["-sf", "http://127.0.0.1:\(port)/emulator/v1/projects/demo-json/verificationCodes"],
            timeout: .seconds(30))
        #expect(reply.exitCode == 0, "the JSON line's port is the one served")
        command.send(signal: SIGTERM)
        let end = await command.finish()

        #expect(end == .exited(0))
        #expect(
            command.stdoutText.split(separator: "\n").count == 1, "only the JSON line on stdout: \(command.stdoutText)")
    }
}
