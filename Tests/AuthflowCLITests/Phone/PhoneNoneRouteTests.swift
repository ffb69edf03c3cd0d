import AuthflowBackend
import AuthflowCore
import AuthflowTestSupport
import Foundation
import Testing

/// `authflow phone sign-in` and `phone verify` on the `none` route (an emulator needs no app proof):
/// the code sources, the saved verification, reuse, resume and the server's refusals.
@Suite("authflow phone: route none, codes and resume")
struct PhoneNoneRouteTests {
    @Test(
        "Against an emulator the none route signs in, with the code from --code-command reading the verificationCodes endpoint"
    )
    func signInWithCodeCommand() async throws {
        let fixture = try PhoneCLIFixture()

        let result = try await fixture.run([
            "phone", "sign-in", "+16505554567", "--code-command", fixture.codeCommand, "--json",
        ])

        #expect(result.exitCode == 0, "\(result.stderrText)")
        let object = try jsonObject(result.stdoutText)
        #expect(object["result"] as? String == "signedIn")
        #expect(object["verifier"] as? String == "none")
        #expect(object["codeSource"] as? String == "command")
        #expect(object["reusedVerification"] as? Bool == false)
        #expect((object["user"] as? [String: Any])?["phoneNumber"] as? String == "+16505554567")
        #expect(try fixture.sessions.load()?.phoneNumber == "+16505554567")
        #expect(try fixture.pending("+16505554567") == nil, "a used verification is forgotten")
        #expect(fixture.smsSent == 1)
        #expect(fixture.backend.verificationCodes.isEmpty, "the code was used")
        #expect(result.stderrText.contains("Sent an SMS code to +16505554567."))
    }

    @Test("The code can come from --code and from a line of standard input")
    func codeFromOptionAndStandardInput() async throws {
        let fixture = try PhoneCLIFixture()
        let started = try fixture.start(["phone", "sign-in", "+16505554568", "--json"])
        try await started.waitForStandardError { $0.contains("Sent an SMS code") ? $0 : nil }
        started.send(line: try #require(fixture.code(for: "+16505554568")))
        let termination = await started.finish()

        #expect(termination == .exited(0), "\(started.stderrText)")
        #expect(try jsonObject(started.stdoutText)["codeSource"] as? String == "standardInput")

        let second = try await fixture.run(["phone", "sign-in", "+16505554569", "--code", "000000"])
        #expect(second.exitCode == 1, "a made-up code is refused")
        let code = try #require(fixture.code(for: "+16505554569"))
        let third = try await fixture.run(["phone", "verify", "--code", code])
        #expect(third.exitCode == 0, "\(third.stderrText)")
        #expect(third.stdoutText.hasPrefix("Signed in as +16505554569"))
    }

    @Test("Numbers that are not E.164 are refused before anything is sent, with the E.164 spelling when it is clear")
    func invalidNumbers() async throws {
        let fixture = try PhoneCLIFixture()

        let dashed = try await fixture.run(["phone", "sign-in", "650-555-3434"])
        let letters = try await fixture.run(["phone", "sign-in", "+1650CALLNOW"])
        let local = try await fixture.run(["phone", "sign-in", "07700 900123"])
        let verify = try await fixture.run(["phone", "verify", "--phone", "6505553434", "--code", "1"])

        #expect(dashed.exitCode == 2)
        #expect(dashed.stderrText.contains("Did you mean +16505553434?"))
        #expect(letters.exitCode == 2)
        #expect(letters.stderrText.contains("not a phone number in E.164 form"))
        #expect(local.exitCode == 2)
        #expect(local.stderrText.contains("Add + and the country code"))
        #expect(verify.exitCode == 2)
        #expect(verify.stderrText.contains("Did you mean +16505553434?"))
        #expect(fixture.smsSent == 0)
    }

    @Test("Signing in again while the SMS is fresh reuses it (one SMS); --resend texts again")
    func reentrancy() async throws {
        let fixture = try PhoneCLIFixture()

        let first = try await fixture.run(["phone", "sign-in", "+16505550101"])
        let saved = try #require(try fixture.pending("+16505550101"))
        let second = try await fixture.run([
            "phone", "sign-in", "+16505550101", "--code-command", fixture.codeCommand, "--json",
        ])

        #expect(first.exitCode == 2, "no code source: the SMS was sent and the verification saved")
        #expect(first.stderrText.contains("authflow phone verify --code CODE --phone +16505550101"))
        #expect(saved.verifier == .none)
        #expect(second.exitCode == 0, "\(second.stderrText)")
        #expect(try jsonObject(second.stdoutText)["reusedVerification"] as? Bool == true)
        #expect(second.stderrText.contains("still unused; using it instead of sending another"))
        #expect(fixture.smsSent == 1, "the second sign-in sent no SMS")

        _ = try await fixture.run(["phone", "sign-in", "+16505550102"])
        let resent = try await fixture.run([
            "phone", "sign-in", "+16505550102", "--resend", "--code-command", fixture.codeCommand, "--json",
        ])
        #expect(resent.exitCode == 0, "\(resent.stderrText)")
        #expect(try jsonObject(resent.stdoutText)["reusedVerification"] as? Bool == false)
        #expect(fixture.smsSent == 3)
    }

    @Test("A wrong code keeps the verification; phone verify then finishes it without another SMS")
    func wrongCodeKeepsPending() async throws {
        let fixture = try PhoneCLIFixture()
        _ = try await fixture.run(["phone", "sign-in", "+16505550103"])
        let wrong = fixture.wrongCode(for: "+16505550103")

        let refused = try await fixture.run(["phone", "verify", "--code", wrong])
        let kept = try fixture.pending("+16505550103")
        let code = try #require(fixture.code(for: "+16505550103"))
        let accepted = try await fixture.run(["phone", "verify", "--phone", "+16505550103", "--code", code, "--json"])

        #expect(refused.exitCode == 1)
        #expect(refused.stderrText.contains("That SMS code is wrong."))
        #expect(refused.stderrText.contains("The verification is kept"))
        #expect(kept != nil)
        #expect(accepted.exitCode == 0, "\(accepted.stderrText)")
        #expect(try jsonObject(accepted.stdoutText)["phoneNumber"] as? String == "+16505550103")
        #expect(try fixture.pending("+16505550103") == nil)
        #expect(fixture.smsSent == 1)
    }

    @Test("After kill -9 between the SMS and the code, phone verify finishes the sign-in from the saved verification")
    func resumeAfterKill() async throws {
        let fixture = try PhoneCLIFixture()
        let started = try fixture.start(["phone", "sign-in", "+16505550104"])
        try await started.waitForStandardError { $0.contains("Sent an SMS code") ? $0 : nil }
        started.send(signal: SIGKILL)
        let termination = await started.finish()
        let saved = try #require(try fixture.pending("+16505550104"))
        let mode =
            try FileManager.default.attributesOfItem(atPath: fixture.pending.path(for: saved.phoneNumber))[
                .posixPermissions] as? Int

        let code = try #require(fixture.code(for: "+16505550104"))
        let verified = try await fixture.run(["phone", "verify", "--code", code])

        #expect(termination == .signalled(SIGKILL))
        #expect(mode == 0o600)
        #expect(verified.exitCode == 0, "\(verified.stderrText)")
        #expect(verified.stdoutText.hasPrefix("Signed in as +16505550104"))
        #expect(fixture.smsSent == 1)
    }

    @Test("phone verify with nothing waiting, or several waiting without --phone, says what to do")
    func verifyWithoutOrWithSeveralPending() async throws {
        let fixture = try PhoneCLIFixture()
        let nothing = try await fixture.run(["phone", "verify", "--code", "123456"])
        _ = try await fixture.run(["phone", "sign-in", "+16505550105"])
        _ = try await fixture.run(["phone", "sign-in", "+16505550106"])
        let several = try await fixture.run(["phone", "verify", "--code", "123456"])

        #expect(nothing.exitCode == 1)
        #expect(nothing.stderrText.contains("No phone verification is waiting for a code"))
        #expect(several.exitCode == 2)
        #expect(several.stderrText.contains("+16505550105, +16505550106"))
    }

    @Test("An expired code forgets the verification and says to start again")
    func expiredCode() async throws {
        let fixture = try PhoneCLIFixture(codeLifetime: .milliseconds(1))
        _ = try await fixture.run(["phone", "sign-in", "+16505550107"])
        let code = try #require(fixture.code(for: "+16505550107"))
        try await Task.sleep(for: .milliseconds(20))

        let expired = try await fixture.run(["phone", "verify", "--code", code])

        #expect(expired.exitCode == 1)
        #expect(expired.stderrText.contains("The SMS code has expired."))
        #expect(expired.stderrText.contains("authflow phone sign-in +16505550107"))
        #expect(try fixture.pending("+16505550107") == nil)
    }

    @Test(
        "sendVerificationCode refusals get clear messages and leave nothing pending",
        arguments: [
            ("QUOTA_EXCEEDED", 1, "SMS quota"),
            ("TOO_MANY_ATTEMPTS_TRY_LATER", 1, "Too many attempts"),
            ("CAPTCHA_CHECK_FAILED : Recaptcha verification failed", 1, "reCAPTCHA check failed"),
            ("INVALID_APP_CREDENTIAL", 1, "app verification (reCAPTCHA) was missing or rejected"),
            ("INVALID_PHONE_NUMBER : TOO_SHORT", 1, "That phone number is not valid"),
            ("MISSING_RECAPTCHA_TOKEN", 1, "use the loopback route (--verifier loopback)"),
        ])
    func serverRefusals(message: String, status: Int32, expected: String) async throws {
        let fixture = try PhoneCLIFixture()
        fixture.backend.setFault(
            .status(400, body: #"{"error":{"code":400,"message":"\#(message)","status":"INVALID_ARGUMENT"}}"#),
            for: "accounts:sendVerificationCode")

        let result = try await fixture.run(["phone", "sign-in", "+16505550108", "--code", "123456", "--verbose"])

        #expect(result.exitCode == status)
        #expect(result.stderrText.contains(expected), "\(result.stderrText)")
        #expect(result.stderrText.contains("No SMS was sent."))
        #expect(result.stderrText.contains("server said: \(message)"))
        #expect(try fixture.pending("+16505550108") == nil)
    }

    @Test("A backend failure while sending is exit 3")
    func backendUnavailable() async throws {
        let fixture = try PhoneCLIFixture()
        fixture.backend.setFault(.status(503, body: "<html>down</html>"), for: "accounts:sendVerificationCode")

        let result = try await fixture.run(["phone", "sign-in", "+16505550109", "--code", "123456"])

        #expect(result.exitCode == 3)
        #expect(result.stderrText.contains("unavailable"))
    }

    @Test("--link adds the number to the signed-in user; --reauth re-authenticates the same user")
    func linkAndReauthenticate() async throws {
        let fixture = try PhoneCLIFixture()
        let notSignedIn = try await fixture.run(["phone", "sign-in", "+16505550110", "--link", "--code", "1"])
        let uid = try await fixture.signUp(email: "ada@example.com").uid

        let linked = try await fixture.run([
            "phone", "sign-in", "+16505550110", "--link", "--code-command", fixture.codeCommand,
        ])
        let afterLink = try fixture.sessions.load()
        let reauthenticated = try await fixture.run([
            "phone", "sign-in", "+16505550110", "--reauth", "--code-command", fixture.codeCommand, "--json",
        ])

        #expect(notSignedIn.exitCode == 1)
        #expect(notSignedIn.stderrText.contains("Nobody is signed in"))
        #expect(fixture.smsSent == 2, "nothing was texted while nobody was signed in")
        #expect(linked.exitCode == 0, "\(linked.stderrText)")
        #expect(linked.stdoutText.contains("Linked the phone number +16505550110 to ada@example.com (uid \(uid))"))
        #expect(afterLink?.uid == uid)
        #expect(afterLink?.phoneNumber == "+16505550110")
        #expect(reauthenticated.exitCode == 0, "\(reauthenticated.stderrText)")
        let object = try jsonObject(reauthenticated.stdoutText)
        #expect(object["purpose"] as? String == "reauthenticate")
        #expect((object["user"] as? [String: Any])?["uid"] as? String == uid)
    }

    @Test("A sign-in that comes back needing a second factor hands over with exit 5 and the factors, storing nothing")
    func secondFactorHandover() async throws {
        let fixture = try PhoneCLIFixture()
        fixture.backend.setFault(
            .status(
                200,
                body:
                    #"{"localId":"u-1","mfaPendingCredential":"pending-cred","mfaInfo":[{"mfaEnrollmentId":"enr-1","displayName":"work phone","phoneInfo":"+*******0199","enrolledAt":"2024-01-01T00:00:00Z"}]}"#
            ),
            for: "accounts:signInWithPhoneNumber")

        let result = try await fixture.run([
            "phone", "sign-in", "+16505550111", "--code-command", fixture.codeCommand, "--json",
        ])

        #expect(result.exitCode == 5, "\(result.stderrText)")
        let object = try jsonObject(result.stdoutText)
        #expect(object["result"] as? String == "secondFactorRequired")
        #expect(object["firstFactor"] as? String == "phone")
        #expect((object["factors"] as? [[String: Any]])?.first?["id"] as? String == "enr-1")
        #expect(try fixture.sessions.load() == nil)
        #expect(try fixture.pending("+16505550111") == nil, "the code was used")
    }

    @Test(
        "On a terminal a wrong SMS code is asked for again with the same SMS, three tries in all (as for a TOTP code); the right one then signs in"
    )
    func terminalTriesAgain() async throws {
        let fixture = try PhoneCLIFixture()
        let number = "+16505550190"
        let terminal = try TerminalSession(
            ["phone", "sign-in", number, "--state-dir", fixture.stateRoot], environment: fixture.environment)
        #expect(await terminal.waitFor("Enter the code sent to"))
        terminal.type(fixture.wrongCode(for: number) + "\n")
        #expect(
            await terminal.waitFor("That SMS code is wrong; enter the code from the latest message again (2 left)."))
        terminal.type(try #require(fixture.code(for: number)) + "\n")
        let end = await terminal.finish()
        let shown = String(decoding: terminal.shown, as: UTF8.self)

        #expect(end == .exited(0), "\(shown)")
        #expect(try fixture.sessions.load()?.phoneNumber == number)
        #expect(fixture.smsSent == 1, "the second try used the same SMS")
    }

    @Test(
        "On a terminal the third wrong SMS code ends the sign-in (exit 1) with the verification kept for phone verify")
    func terminalThirdWrongCodeEnds() async throws {
        let fixture = try PhoneCLIFixture()
        let number = "+16505550191"
        let terminal = try TerminalSession(
            ["phone", "sign-in", number, "--state-dir", fixture.stateRoot], environment: fixture.environment)
        #expect(await terminal.waitFor("Enter the code sent to"))
        let wrong = fixture.wrongCode(for: number)
        terminal.type(wrong + "\n")
        #expect(await terminal.waitFor("(2 left)"))
        terminal.type(wrong + "\n")
        #expect(await terminal.waitFor("(1 left)"))
        terminal.type(wrong + "\n")
        let end = await terminal.finish()
        let shown = String(decoding: terminal.shown, as: UTF8.self)

        #expect(end == .exited(1), "\(shown)")
        #expect(shown.contains("That SMS code is wrong. Check the latest message and try again."), "\(shown)")
        #expect(!shown.contains("(0 left)"))
        #expect(try fixture.pending(number) != nil, "the verification is kept")
        #expect(fixture.smsSent == 1)
    }
}
