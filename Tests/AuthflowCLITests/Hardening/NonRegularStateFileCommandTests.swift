import AuthflowCore
import AuthflowStorage
import AuthflowTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A FIFO planted where authflow keeps a file: opening one for reading waits for a writer for ever, so every
/// command must refuse (or pass over) it at once. Each run gets 20 s, far more than it needs; a command that
/// blocks is killed then and fails the test.
@Suite("authflow: a FIFO in place of a state file")
struct NonRegularStateFileCommandTests {
    private func run(
        _ fixture: SignedInBackend, _ arguments: [String], extra: [String: String] = [:]
    ) async throws -> SubprocessResult {
        try await AuthflowCommand.run(
            arguments + ["--state-dir", fixture.stateRoot.path],
            environment: fixture.environment.merging(extra) { _, new in new },
            workingDirectory: fixture.directory.path, timeout: .seconds(20))
    }

    @Test(
        "session.json: whoami and token exit 2 naming the file and 'not a regular file'; sessions lists it as damaged")
    func sessionFile() async throws {
        let fixture = try await SignedInBackend()
        let path = fixture.store.path
        try #require(unlink(path) == 0 && mkfifo(path, 0o600) == 0)
        for command in [["whoami"], ["token"], ["token", "--force-refresh"]] {
            let result = try await run(fixture, command)
            #expect(result.exitCode == 2, "\(command): \(result.stderrText)")
            #expect(
                result.stderrText.contains("Cannot read \(path): it is not a regular file"), "\(result.stderrText)")
            #expect(result.stderrText.contains("Remove it"), "\(result.stderrText)")
            #expect(result.stdout.isEmpty)
        }
        let sessions = try await AuthflowCommand.run(
            ["sessions", "--state-dir", fixture.stateRoot.path], timeout: .seconds(20))
        #expect(sessions.exitCode == 0, "\(sessions.stderrText)")
        #expect(
            sessions.stdoutText.contains("damaged\t\(path)\tCannot read \(path): it is not a regular file"),
            "\(sessions.stdoutText)")
    }

    @Test("App Check cache: a FIFO counts as no cached token, and the new token replaces it with a regular file")
    func appCheckCache() async throws {
        let fixture = try await SignedInBackend()
        fixture.backend.forgetAppCheckTokens()
        fixture.backend.setAppCheckEnforced(true)
        let minted = fixture.backend.mintAppCheckToken().token
        let cache = AppCheckTokenCache(directory: fixture.store.directory).file(source: .tokenCommand, appID: nil)
        try #require(mkfifo(cache.path, 0o600) == 0)
        let command = "printf '{\"token\":\"%s\",\"ttl\":\"3600s\"}' '\(minted)'"

        let result = try await run(
            fixture, ["token", "--force-refresh"],
            extra: [
                "AUTHFLOW_APP_CHECK_TOKEN_COMMAND": command, "AUTHFLOW_APP_CHECK_URL": fixture.backend.appCheckURL,
            ])
        #expect(result.exitCode == 0, "\(result.stderrText)")
        #expect(FileProbe.isRegularFile(cache.path))
        #expect(try cache.load()?.token == minted)
    }

    @Test("handle-url: a FIFO among the rendezvous files is passed over, not waited on")
    func rendezvousFile() async throws {
        let runtime = try TemporaryDirectory()
        let directory = runtime.file("authflow")
        try #require(mkdir(directory, 0o700) == 0)
        // Named after this (running) process, so only its type keeps it from being taken for a waiting flow.
        try #require(mkfifo(directory + "/flow-\(getpid())-planted.json", 0o600) == 0)
        let result = try await AuthflowCommand.run(
            ["handle-url", "com.example.app:/callback?state=x"], environment: ["XDG_RUNTIME_DIR": runtime.path],
            timeout: .seconds(20))
        // 1: no waiting flow took the URL (a command killed at the deadline would end otherwise).
        #expect(result.exitCode == 1, "\(result.stderrText)")
    }
}
