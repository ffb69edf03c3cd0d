import AuthflowTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The session file's mode as the binary writes it, seen with stat(2) before anything reads the file: reading it
/// through authflow (`SecureFile.read`) quietly tightens a loose mode, which would hide a file written 0644.
@Suite("authflow: session.json is written 0600")
struct SessionFileModeCommandTests {
    private func mode(_ path: String) -> mode_t? {
        var info = stat()
        return stat(path, &info) == 0 ? info.st_mode & 0o7777 : nil
    }

    @Test("right after email sign-in and right after a token refresh, session.json is 0600 in a 0700 directory")
    func modeAsWritten() async throws {
        let fixture = try await SignedInBackend()
        let path = fixture.store.path
        try fixture.store.remove()
        let run: ([String], [UInt8]?) async throws -> SubprocessResult = { arguments, stdin in
            try await AuthflowCommand.run(
                arguments + ["--state-dir", fixture.stateRoot.path], stdin: stdin, environment: fixture.environment,
                workingDirectory: fixture.directory.path)
        }

        let signedIn = try await run(
            ["email", "sign-in", fixture.email, "--password-stdin"], Array((fixture.password + "\n").utf8))
        #expect(signedIn.exitCode == 0, "\(signedIn.stderrText)")
        #expect(mode(path) == 0o600, "after sign-in: \(String(mode(path) ?? 0, radix: 8))")
        #expect(mode(fixture.store.directory.path) == 0o700)

        var before = stat()
        try #require(stat(path, &before) == 0)
        let refreshed = try await run(["token", "--force-refresh"], nil)
        #expect(refreshed.exitCode == 0, "\(refreshed.stderrText)")
        var after = stat()
        try #require(stat(path, &after) == 0)
        #expect(after.st_ino != before.st_ino, "the refresh wrote a new session file")
        #expect(mode(path) == 0o600, "after token refresh: \(String(mode(path) ?? 0, radix: 8))")
    }
}
