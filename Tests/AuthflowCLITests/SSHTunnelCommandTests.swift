import AuthflowTestSupport
import Foundation
import Testing

/// Over SSH (`SSH_CONNECTION` set) a loopback wait prints the exact `ssh -L` line to run on the person's own
/// machine; without SSH it prints none.
@Suite("authflow: loopback pages over SSH")
struct SSHTunnelCommandTests {
    private func listen(_ environment: [String: String], port: [String] = []) async throws -> SubprocessResult {
        let runtime = try TemporaryDirectory()
        return try await AuthflowCommand.run(
            ["listen", "--json", "--timeout", "1", "--no-browser"] + port,
            stdin: [], environment: environment.merging(["XDG_RUNTIME_DIR": runtime.path]) { _, new in new })
    }

    @Test("listen over SSH prints ssh -L PORT:localhost:PORT user@server with the listener's own port")
    func tunnelLine() async throws {
        let result = try await listen(["SSH_CONNECTION": "192.0.2.7 51000 198.51.100.4 22", "USER": "ada"])
        let first = try jsonObject(try #require(result.stdoutText.split(separator: "\n").first))
        let redirect = try #require(first["redirectUri"] as? String)
        let port = try #require(redirect.split(separator: ":").last?.split(separator: "/").first)

        #expect(result.stderrText.contains("ssh -L \(port):localhost:\(port) ada@198.51.100.4"), "\(result.stderrText)")
        #expect(result.stderrText.contains("--port \(port)"))
    }

    @Test("Without SSH_CONNECTION no tunnel is suggested")
    func noSSH() async throws {
        let result = try await listen(["SSH_CONNECTION": ""])
        #expect(!result.stderrText.contains("ssh -L"), "\(result.stderrText)")
    }
}
