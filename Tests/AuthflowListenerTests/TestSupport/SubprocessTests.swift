import AuthflowListener
import AuthflowTestSupport
import Foundation
import Testing

/// The shared test helpers are exercised here because other test targets depend on them being right.
@Suite("Test support: Subprocess")
struct SubprocessTests {
    @Test("Large stdout and stderr together do not deadlock")
    func largeOutputs() async throws {
        let result = try await Subprocess.run(
            "sh", arguments: ["-c", "head -c 3000000 /dev/zero; head -c 2000000 /dev/zero >&2; echo done >&2"]
        )

        #expect(result.succeeded)
        #expect(result.stdout.count == 3_000_000)
        #expect(result.stderr.count == 2_000_005)
    }

    @Test("Standard input is delivered in full, and extra environment is visible")
    func stdinAndEnvironment() async throws {
        let input = (0..<1_000_000).map { UInt8(truncatingIfNeeded: $0) }

        let echoed = try await Subprocess.run("cat", stdin: input)
        let environment = try await Subprocess.run(
            "sh", arguments: ["-c", "printf %s \"$AUTHFLOW_TEST_VALUE\""], environment: ["AUTHFLOW_TEST_VALUE": "v 1"]
        )

        #expect(echoed.stdout == input)
        #expect(environment.stdoutText == "v 1")
    }

    @Test("Exit codes are reported; a program past its time limit is killed and marked")
    func exitAndTimeout() async throws {
        let failed = try await Subprocess.run("sh", arguments: ["-c", "echo oops >&2; exit 3"])
        let stuck = try await Subprocess.run("sleep", arguments: ["30"], timeout: .seconds(1))

        #expect(failed.exitCode == 3)
        #expect(failed.stderrText == "oops\n")
        #expect(!failed.succeeded)
        #expect(stuck.timedOut)
        #expect(stuck.exitCode != 0, "killed, not left to finish its 30 s")
    }

    @Test("A missing program is an error, not a hang")
    func missingProgram() async {
        await #expect(throws: Subprocess.Failure.self) {
            try await Subprocess.run("authflow-no-such-program-here")
        }
    }

    @Test("Temporary directories disappear when released; a ClosedPort keeps its port unbindable")
    func temporaryDirectoryAndPort() throws {
        var directory: TemporaryDirectory? = try TemporaryDirectory()
        let path = try #require(directory?.path)
        #expect(FileManager.default.fileExists(atPath: path))
        directory = nil
        #expect(!FileManager.default.fileExists(atPath: path))
        let closed = try ClosedPort()
        #expect(closed.port != 0)
        #expect(throws: LoopbackServerError.portInUse(closed.port)) {
            _ = try LoopbackServer(configuration: .init(port: closed.port)) { _ in .text("taken") }
        }
    }

    @Test("SelfSignedCertificate writes a PEM certificate and key")
    func certificate() async throws {
        let certificate = try await SelfSignedCertificate.make(
            commonName: "localhost", altNames: ["localhost", "127.0.0.1", "::1"])

        #expect(certificate.certificatePEM.hasPrefix("-----BEGIN CERTIFICATE-----"))
        #expect(certificate.keyPEM.contains("PRIVATE KEY-----"))
        #expect(FileManager.default.fileExists(atPath: certificate.certificatePath))
    }
}
