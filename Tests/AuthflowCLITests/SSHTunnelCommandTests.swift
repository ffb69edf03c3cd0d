import AuthflowTestSupport
import Foundation
import Testing

/// Over SSH (`SSH_CONNECTION` or `SSH_TTY` set) a loopback wait prints the `ssh -L` line to run on the person's
/// own machine against the host they connected to; without SSH it prints none.
@Suite("authflow: loopback pages over SSH")
struct SSHTunnelCommandTests {
    private func listen(_ environment: [String: String], port: [String] = []) async throws -> SubprocessResult {
        let runtime = try TemporaryDirectory()
        return try await AuthflowCommand.run(
            ["listen", "--json", "--timeout", "1", "--no-browser"] + port,
            stdin: [], environment: environment.merging(["XDG_RUNTIME_DIR": runtime.path]) { _, new in new })
    }

    @Test("listen over SSH prints ssh -L PORT:localhost:PORT user@<host>, never SSH_CONNECTION's server address")
    func tunnelLine() async throws {
        let result = try await listen(["SSH_CONNECTION": "192.0.2.7 51000 198.51.100.4 22", "USER": "ada"])
        let first = try jsonObject(try #require(result.stdoutText.split(separator: "\n").first))
        let redirect = try #require(first["redirectUri"] as? String)
        let port = try #require(redirect.split(separator: ":").last?.split(separator: "/").first)

        // Behind NAT, port forwards and jump hosts the address sshd saw is not one the person can reach.
        #expect(result.stderrText.contains("ssh -L \(port):localhost:\(port) ada@<host>"), "\(result.stderrText)")
        #expect(!result.stderrText.contains("198.51.100.4"), "\(result.stderrText)")
        #expect(result.stderrText.contains("In a terminal on your own machine"))
        #expect(result.stderrText.contains("host name or address you gave ssh"))
        #expect(result.stderrText.contains("--port \(port)"))
    }

    @Test("SSH_TTY alone is an SSH session too")
    func sshTTYAlone() async throws {
        let result = try await listen(["SSH_CONNECTION": "", "SSH_CLIENT": "", "SSH_TTY": "/dev/pts/3", "USER": "ada"])
        #expect(result.stderrText.contains("ssh -L "), "\(result.stderrText)")
    }

    @Test("Without SSH_CONNECTION no tunnel is suggested")
    func noSSH() async throws {
        let result = try await listen(["SSH_CONNECTION": "", "SSH_CLIENT": "", "SSH_TTY": ""])
        #expect(!result.stderrText.contains("ssh -L"), "\(result.stderrText)")
    }
}
