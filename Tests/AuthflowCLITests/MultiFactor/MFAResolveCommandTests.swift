import AuthflowBackend
import AuthflowCore
import AuthflowTestSupport
import Foundation
import Testing

/// Second-factor resolution after each first factor, and `authflow mfa resolve` finishing a saved challenge,
/// against the embedded backend over real HTTP.
@Suite("authflow: second-factor resolution and mfa resolve")
struct MFAResolveCommandTests {
    @Test(
        "Password sign-in continues into the only factor: mfaSignIn:start/finalize, the session stored with its second factor"
    )
    func passwordThenResolve() async throws {
        let fixture = try PhoneCLIFixture()
        let ids = try await fixture.mfaAccount("ada@example.com")

        let result = try await fixture.passwordSignIn(
            "ada@example.com", ["--mfa-code-command", fixture.codeCommand, "--json"])

        #expect(result.exitCode == 0, "\(result.stderrText)")
        let object = try jsonObject(result.stdoutText)
        #expect(object["result"] as? String == "signedIn")
        #expect((object["secondFactor"] as? [String: Any])?["id"] as? String == ids[0])
        #expect(object["mfaCodeSource"] as? String == "command")
        #expect((object["user"] as? [String: Any])?["secondFactorId"] as? String == ids[0])
        let session = try #require(try fixture.sessions.load())
        #expect(session.secondFactorID == ids[0])
        #expect(session.signInProvider == "password")
        #expect(IDTokenClaims(jwt: session.tokens.idToken)?.secondFactor == "phone")
        #expect(try fixture.challenge() == nil, "a resolved challenge is forgotten")
        #expect(result.stderrText.contains("Sent an SMS code to +*******0199 (work phone)."))
        #expect(fixture.backend.verificationCodes.isEmpty, "the code was used")
    }

    @Test("An email link continues into the second factor the same way (--factor by number)")
    func emailLinkThenResolve() async throws {
        let fixture = try PhoneCLIFixture()
        let ids = try await fixture.mfaAccount("bob@example.com")
        let sent = try await fixture.run([
            "email-link", "send", "bob@example.com", "--continue-url", "https://app.example.com/done",
        ])
        #expect(sent.exitCode == 0, "\(sent.stderrText)")
        let link = try await EmulatorEmailLinks.latest(fixture.backend, email: "bob@example.com")

        let result = try await fixture.run(
            ["email-link", "complete", link, "--factor", "1", "--mfa-code-command", fixture.codeCommand, "--json"])

        #expect(result.exitCode == 0, "\(result.stderrText)")
        let object = try jsonObject(result.stdoutText)
        #expect(object["continueUrl"] as? String == "https://app.example.com/done")
        #expect((object["secondFactor"] as? [String: Any])?["id"] as? String == ids[0])
        #expect(try fixture.sessions.load()?.secondFactorID == ids[0])
    }

    @Test("With two factors --factor picks one by name; without it and without a terminal the command stops at 5")
    func twoFactors() async throws {
        let fixture = try PhoneCLIFixture()
        let ids = try await fixture.mfaAccount(
            "cy@example.com", factors: [("+15555550188", "work phone"), ("+15555550177", "home phone")])

        let unchosen = try await fixture.passwordSignIn("cy@example.com", ["--mfa-code-command", fixture.codeCommand])
        #expect(unchosen.exitCode == 5)
        #expect(unchosen.stderrText.contains("1. \"work phone\" +*******0188 (id \(ids[0]))"), "\(unchosen.stderrText)")
        #expect(unchosen.stderrText.contains("authflow mfa resolve --factor NUMBER"))
        #expect(fixture.backend.verificationCodes.isEmpty, "nothing texted before a factor is chosen")

        let chosen = try await fixture.passwordSignIn(
            "cy@example.com", ["--factor", "home phone", "--mfa-code-command", fixture.codeCommand])
        #expect(chosen.exitCode == 0, "\(chosen.stderrText)")
        #expect(chosen.stdoutText.contains("Second factor: \"home phone\" +*******0177"))
        #expect(chosen.stderrText.contains("+*******0177"))
        #expect(try fixture.sessions.load()?.secondFactorID == ids[1])
    }

    @Test(
        "Non-interactive: exit 5 with the factors (JSON) and a private saved challenge; mfa resolve texts, then resolve --code finishes"
    )
    func exitFiveThenResolve() async throws {
        let fixture = try PhoneCLIFixture()
        let ids = try await fixture.mfaAccount("dee@example.com")

        let stopped = try await fixture.passwordSignIn("dee@example.com", ["--json"])
        #expect(stopped.exitCode == 5, "\(stopped.stderrText)")
        let object = try jsonObject(stopped.stdoutText)
        #expect(object["result"] as? String == "secondFactorRequired")
        #expect(object["firstFactor"] as? String == "password")
        #expect((object["factors"] as? [[String: Any]])?.first?["id"] as? String == ids[0])
        #expect(object["resolveCommand"] as? String == "authflow mfa resolve")
        #expect(object["expiresAt"] is String)
        let saved = try #require(try fixture.challenge())
        #expect(
            !stopped.stdoutText.contains(saved.pendingCredential)
                && !stopped.stderrText.contains(saved.pendingCredential))
        let mode =
            try FileManager.default.attributesOfItem(atPath: fixture.challengeFile.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(saved.expiresAt.timeIntervalSince(saved.receivedAt) == PendingSecondFactor.lifetime)
        #expect(try fixture.sessions.load() == nil)
        #expect(fixture.backend.verificationCodes.isEmpty)

        let texted = try await fixture.run(["mfa", "resolve"], stdin: [])
        #expect(texted.exitCode == 5, "\(texted.stderrText)")
        #expect(texted.stderrText.contains("`authflow mfa resolve --code CODE`"))
        let code = try #require(fixture.codes(for: "+15555550199").first)
        #expect(try fixture.challenge()?.sent?.enrollmentID == ids[0])

        let finished = try await fixture.run(["mfa", "resolve", "--code", code])
        #expect(finished.exitCode == 0, "\(finished.stderrText)")
        #expect(finished.stdoutText.hasPrefix("Signed in as dee@example.com"))
        #expect(finished.stderrText.contains("still unused"), "no second SMS")
        #expect(try fixture.sessions.load()?.secondFactorID == ids[0])
        #expect(try fixture.challenge() == nil)

        let nothing = try await fixture.run(["mfa", "resolve", "--code", code])
        #expect(nothing.exitCode == 1)
        #expect(nothing.stderrText.contains("No second-factor challenge is waiting"))
    }

    @Test("A wrong code keeps the challenge and its SMS; the right code then finishes")
    func wrongCode() async throws {
        let fixture = try PhoneCLIFixture()
        let ids = try await fixture.mfaAccount("eve@example.com")
        let stopped = try await fixture.passwordSignIn("eve@example.com", ["--mfa-code", "000000"])
        let code = try #require(fixture.codes(for: "+15555550199").first)

        #expect(stopped.exitCode == 1, "\(stopped.stderrText)")
        #expect(stopped.stderrText.contains("`authflow mfa resolve --code CODE`"))
        #expect(try fixture.challenge()?.sent != nil, "the challenge and its SMS are kept")
        #expect(try fixture.sessions.load() == nil)

        let wrongAgain = try await fixture.run(["mfa", "resolve", "--code", code == "111111" ? "222222" : "111111"])
        #expect(wrongAgain.exitCode == 1)
        let right = try await fixture.run(["mfa", "resolve", "--code", code, "--json"])
        #expect(right.exitCode == 0, "\(right.stderrText)")
        #expect((try jsonObject(right.stdoutText)["secondFactor"] as? [String: Any])?["id"] as? String == ids[0])
    }

    @Test("An email link the desktop hands to handle-url stops at 5 with the challenge saved; mfa resolve finishes it")
    func handoffThenResolve() async throws {
        let fixture = try PhoneCLIFixture()
        let ids = try await fixture.mfaAccount("fay@example.com")
        let sent = try await fixture.run([
            "email-link", "send", "fay@example.com", "--continue-url", "https://app.example.com/done",
        ])
        #expect(sent.exitCode == 0, "\(sent.stderrText)")
        let link = try await EmulatorEmailLinks.latest(fixture.backend, email: "fay@example.com")

        let handed = try await fixture.run(
            ["handle-url", LinkWrapper.deepLinkID.wrap(link)],
            environment: ["FIREBASE_AUTH_EMULATOR_HOST": "", "FIREBASE_PROJECT_ID": ""])
        #expect(handed.exitCode == 5, "\(handed.stderrText)")
        #expect(handed.stderrText.contains("authflow mfa resolve"))
        #expect(try fixture.challenge()?.firstFactor == "emailLink")

        let resolved = try await fixture.run(["mfa", "resolve", "--code-command", fixture.codeCommand])
        #expect(resolved.exitCode == 0, "\(resolved.stderrText)")
        #expect(try fixture.sessions.load()?.secondFactorID == ids[0])
    }

    @Test("A phone first factor whose account has a second factor resolves it too")
    func phoneThenResolve() async throws {
        let fixture = try PhoneCLIFixture()
        let ids = try await fixture.mfaAccount("gus@example.com")
        let uid = try #require(fixture.backend.accounts.first?.localID)
        fixture.challengeNextPhoneSignIn(uid: uid, factorID: ids[0])

        let result = try await fixture.run(
            [
                "phone", "sign-in", "+16505550111", "--code-command", fixture.codeCommand, "--mfa-code-command",
                fixture.codeCommand, "--json",
            ])

        #expect(result.exitCode == 0, "\(result.stderrText)")
        let object = try jsonObject(result.stdoutText)
        #expect(object["codeSource"] as? String == "command")
        #expect((object["secondFactor"] as? [String: Any])?["id"] as? String == ids[0])
        #expect(try fixture.sessions.load()?.secondFactorID == ids[0])
        #expect(try fixture.pending("+16505550111") == nil)
    }

    @Test("On a terminal the factors are a menu and the code is asked for")
    func terminalMenu() async throws {
        let fixture = try PhoneCLIFixture()
        let ids = try await fixture.mfaAccount(
            "hal@example.com", factors: [("+15555550188", "work phone"), ("+15555550177", "home phone")])
        let terminal = try TerminalSession(
            ["email", "sign-in", "hal@example.com", "--state-dir", fixture.stateRoot], environment: fixture.environment)

        #expect(await terminal.waitFor("Password for hal@example.com: "))
        terminal.type(PhoneCLIFixture.password + "\n")
        #expect(await terminal.waitFor("Choose one [1-2]: "))
        terminal.type("7\n")
        #expect(await terminal.waitFor("No second factor is called \"7\""))
        terminal.type("2\n")
        #expect(await terminal.waitFor("Enter the code sent to +*******0177: "))
        terminal.type((fixture.codes(for: "+15555550177").first ?? "none") + "\n")
        let termination = await terminal.finish()
        let shown = String(decoding: terminal.shown, as: UTF8.self)

        #expect(termination == .exited(0), "\(shown)")
        #expect(shown.contains("2. \"home phone\" +*******0177"))
        #expect(shown.contains("Signed in as hal@example.com"))
        #expect(try fixture.sessions.load()?.secondFactorID == ids[1])
    }

    @Test("A challenge past its lifetime is forgotten; an unknown --factor is 2 and keeps the challenge")
    func expiryAndUnknownFactor() async throws {
        let fixture = try PhoneCLIFixture()
        _ = try await fixture.mfaAccount("ivy@example.com")
        let stopped = try await fixture.passwordSignIn("ivy@example.com")
        #expect(stopped.exitCode == 5)

        let unknown = try await fixture.run(["mfa", "resolve", "--factor", "9", "--code", "1"])
        #expect(unknown.exitCode == 2)
        #expect(unknown.stderrText.contains("1. \"work phone\""))
        #expect(try fixture.challenge() != nil)

        var saved = try #require(try fixture.challenge())
        saved.expiresAt = Date().addingTimeInterval(-1)
        try fixture.challengeFile.save(saved)
        let expired = try await fixture.run(["mfa", "resolve", "--code", "1"])
        #expect(expired.exitCode == 1)
        #expect(expired.stderrText.contains("too old"))
        #expect(try fixture.challenge() == nil)
        #expect(fixture.backend.verificationCodes.isEmpty)
    }

    @Test("Exit 5 for an SMS factor says nothing was texted yet, in one sentence that runs on after its semicolon")
    func exitFiveSentence() async throws {
        let fixture = try PhoneCLIFixture()
        _ = try await fixture.mfaAccount("fin@example.com")
        let stopped = try await fixture.passwordSignIn("fin@example.com")
        #expect(stopped.exitCode == 5, "\(stopped.stderrText)")
        #expect(
            stopped.stderrText.contains("Nothing was texted yet; the sign-in is saved until"), "\(stopped.stderrText)")
        #expect(!stopped.stderrText.contains("; The"), "\(stopped.stderrText)")
    }
}
