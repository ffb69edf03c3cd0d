import AuthflowBackend
import AuthflowTestSupport
import Foundation
import Testing

/// Secrets stay where they belong: state files 0600 in 0700 directories, and no token, one-time code or
/// verification ID in `--verbose` logs or error messages.
@Suite("Secrets: file modes and logs")
struct SecretHygieneTests {
    @Test(
        "An email-link and a phone sign-in with --verbose, then failures: no secret in any output; every state file 0600, every directory 0700"
    )
    func verboseFlowsLeakNothing() async throws {
        let fixture = try PhoneCLIFixture()
        var outputs: [SubprocessResult] = []
        func run(_ arguments: [String], verbose: Bool = true) async throws {
            outputs.append(try await fixture.run(arguments + (verbose ? ["--verbose"] : [])))
        }

        try await run(["email-link", "send", "ada@example.com", "--continue-url", "https://app.example.com/done"])
        let oob = try #require(fixture.backend.oobCodes.last)
        try await run(["email-link", "complete", oob.oobLink])
        let emailSession = try #require(try fixture.sessions.load())
        try await run(["whoami", "--check"], verbose: false)
        try await run(["email-link", "complete", oob.oobLink]) // used: a refusal
        fixture.backend.setFault(.droppedConnection, for: "token") // every retry fails too
        let refresh = try await fixture.run(["token", "--force-refresh"]) // a failed refresh
        #expect(refresh.exitCode == 3)
        #expect(refresh.stdout.isEmpty)
        outputs.append(refresh)
        fixture.backend.clearFaults()

        try await run(["phone", "sign-in", "+16505550170", "--code", "000000"]) // wrong code: refused
        let pending = try #require(try fixture.pending("+16505550170"))
        let code = try #require(fixture.code(for: "+16505550170"))
        try await run(["phone", "verify", "--code", code])
        let phoneSession = try #require(try fixture.sessions.load())
        fixture.backend.setFault(.truncatedJSON, for: "accounts:lookup", times: 1)
        try await run(["whoami", "--check"], verbose: false)

        let secrets = [
            ("email ID token", emailSession.tokens.idToken), ("email refresh token", emailSession.tokens.refreshToken),
            ("phone ID token", phoneSession.tokens.idToken), ("phone refresh token", phoneSession.tokens.refreshToken),
            ("oobCode", oob.oobCode), ("verification ID", pending.verificationID), ("SMS code", code),
        ]
        #expect(outputs.contains { $0.stderrText.contains("→ HTTP") }, "--verbose logged the exchanges")
        #expect(outputs.contains { $0.exitCode != 0 }, "failures were exercised")
        for result in outputs {
            for (name, secret) in secrets {
                #expect(
                    !result.stdoutText.contains(secret) && !result.stderrText.contains(secret),
                    "\(name) leaked:\n\(result.stderrText)")
            }
        }

        var checked = 0
        let root = fixture.stateRoot
        #expect(try Self.mode(root) == 0o700)
        for relative in try FileManager.default.subpathsOfDirectory(atPath: root) {
            let path = root + "/" + relative
            var isDirectory: ObjCBool = false
            #expect(FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory))
            #expect(try Self.mode(path) == (isDirectory.boolValue ? 0o700 : 0o600), "\(relative)")
            checked += 1
        }
        #expect(checked >= 4)
    }

    static func mode(_ path: String) throws -> Int {
        try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }
}
