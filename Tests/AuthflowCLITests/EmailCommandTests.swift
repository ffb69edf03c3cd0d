import AuthflowCore
import AuthflowTestSupport
import Foundation
import Testing

/// `authflow email methods | sign-in | verify` as the real binary.
@Suite("authflow email")
struct EmailCommandTests {
    private func run(
        _ fixture: SignedInBackend, _ arguments: [String], stdin: [UInt8]? = nil
    ) async throws -> SubprocessResult {
        try await AuthflowCommand.run(
            arguments + ["--state-dir", fixture.stateRoot.path], stdin: stdin, environment: fixture.environment,
            workingDirectory: fixture.directory.path)
    }

    @Test("methods: text and JSON, for an account and for a stranger")
    func methods() async throws {
        let fixture = try await SignedInBackend()
        let text = try await run(fixture, ["email", "methods", "ada@example.com"])
        #expect(text.exitCode == 0, "\(text.stderrText)")
        #expect(text.stdoutText == "ada@example.com: password\n")

        let stranger = try await run(fixture, ["email", "methods", "nobody@example.com", "--json"])
        let object = try jsonObject(stranger.stdoutText)
        #expect(object["registered"] as? Bool == false)
        #expect(object["methods"] as? [String] == [])
        #expect(object["withheld"] as? Bool == false)
        let noAccount = try await run(fixture, ["email", "methods", "nobody@example.com"])
        #expect(noAccount.stdoutText == "nobody@example.com: no account.\n")
    }

    @Test("sign-in --password-stdin stores the session; a wrong password exits 1; no terminal and no flag exits 2")
    func passwordSignIn() async throws {
        let fixture = try await SignedInBackend()
        try fixture.store.remove()

        let wrong = try await run(
            fixture, ["email", "sign-in", fixture.email, "--password-stdin"], stdin: Array("nope\n".utf8))
        #expect(wrong.exitCode == 1)
        #expect(wrong.stderrText.contains("password"), "\(wrong.stderrText)")
        #expect(try fixture.store.load() == nil)

        let noTerminal = try await run(fixture, ["email", "sign-in", fixture.email])
        #expect(noTerminal.exitCode == 2)
        #expect(noTerminal.stderrText.contains("--password-stdin"))

        let right = try await run(
            fixture, ["email", "sign-in", fixture.email, "--password-stdin", "--json"],
            stdin: Array((fixture.password + "\r\n").utf8))
        #expect(right.exitCode == 0, "\(right.stderrText)")
        let object = try jsonObject(right.stdoutText)
        #expect(object["isNewUser"] as? Bool == false)
        #expect((object["user"] as? [String: Any])?["uid"] as? String == fixture.session.uid)
        #expect(!right.stdoutText.contains(fixture.password))
        #expect(try fixture.store.load()?.uid == fixture.session.uid)
    }

    @Test("On a terminal the password is asked for without echo, and echo is back afterwards")
    func passwordPromptOnATerminal() async throws {
        let fixture = try await SignedInBackend()
        try fixture.store.remove()
        var environment = fixture.environment
        environment["TERM"] = "dumb"
        let terminal = try TerminalSession(
            ["email", "sign-in", fixture.email, "--state-dir", fixture.stateRoot.path], environment: environment,
            thenShowSettings: true)

        #expect(await terminal.waitFor("Password for ada@example.com: "))
        terminal.type(fixture.password + "\n")
        let termination = await terminal.finish()

        let shown = String(decoding: terminal.shown, as: UTF8.self)
        #expect(termination == .exited(0), "\(shown)")
        #expect(!shown.contains(fixture.password), "the typed password is not echoed: \(shown)")
        #expect(shown.contains("Signed in as ada@example.com"))
        #expect(try fixture.store.load()?.uid == fixture.session.uid)
        let settings = shown.components(separatedBy: "settings:").last ?? ""
        #expect(settings.contains(" echo "), "echo is on again: \(settings)")
        #expect(!settings.contains("-echo "))
    }

    @Test("sign-in of an account with a second factor exits 5")
    func passwordSignInWithSecondFactor() async throws {
        let fixture = try await SignedInBackend()
        try await SecondFactorAccount.create(on: fixture.backend, email: "mfa@example.com", password: "pw-123456")
        let result = try await run(
            fixture, ["email", "sign-in", "mfa@example.com", "--password-stdin"], stdin: Array("pw-123456".utf8))
        #expect(result.exitCode == 5)
        #expect(result.stderrText.contains("mfa@example.com also needs a second factor"), "\(result.stderrText)")
    }

    @Test("verify sends VERIFY_EMAIL for the signed-in user; without a session it exits 1")
    func verify() async throws {
        let fixture = try await SignedInBackend()
        let sent = try await run(fixture, ["email", "verify"])
        #expect(sent.exitCode == 0, "\(sent.stderrText)")
        #expect(sent.stderrText.contains("Sent a verification email to ada@example.com"))
        #expect(fixture.backend.oobCodes.contains { $0.requestType == "VERIFY_EMAIL" && $0.email == "ada@example.com" })

        try fixture.store.remove()
        let signedOut = try await run(fixture, ["email", "verify"])
        #expect(signedOut.exitCode == 1)
        #expect(signedOut.stderrText.contains("Nobody is signed in"))
    }
}
