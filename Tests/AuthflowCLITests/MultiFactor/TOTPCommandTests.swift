import AuthflowBackend
import AuthflowCore
import AuthflowPrimitives
import AuthflowTestSupport
import Foundation
import Testing

/// `authflow mfa enroll --totp` and sign-in with a TOTP factor, the real binary against the embedded backend.
@Suite("authflow mfa: TOTP authenticator apps")
struct TOTPCommandTests {
    /// `email`, signed in through the REST API with its email verified.
    static func verifiedSession(_ fixture: PhoneCLIFixture, _ email: String) async throws -> UserSession {
        let session = try await fixture.signUp(email: email)
        #expect(fixture.backend.markEmailVerified(localID: session.uid))
        return session
    }

    /// What zbarimg reads from the image at `path`.
    static func decodeQR(_ path: String) async throws -> String {
        let result = try await Subprocess.run("zbarimg", arguments: ["--raw", "-q", path])
        guard result.exitCode == 0 else {
            throw Unexpected("zbarimg failed (\(result.exitCode)): \(result.stderrText)")
        }
        return result.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test(
        "enroll --totp with --code-command: the command gets AUTHFLOW_TOTP_URI, the PNG decodes to the same URI, the factor is listed as TOTP, the secret is stored nowhere"
    )
    func enrolWithCodeCommand() async throws {
        let fixture = try PhoneCLIFixture()
        let session = try await Self.verifiedSession(fixture, "ada@example.com")
        let png = fixture.directory.file("qr.png")

        let result = try await fixture.run([
            "mfa", "enroll", "--totp", "--display-name", "phone app", "--code-command", PhoneCLIFixture.oathtoolCommand,
            "--qr-png", png, "--json", "--verbose",
        ])

        #expect(result.exitCode == 0, "\(result.stderrText)")
        let object = try jsonObject(result.stdoutText)
        #expect(object["result"] as? String == "enrolled")
        let factor = try #require(object["factor"] as? [String: Any])
        #expect(factor["factorType"] as? String == "totp")
        #expect(factor["displayName"] as? String == "phone app")
        let uri = try #require(object["uri"] as? String)
        let project = fixture.backend.projectID
        #expect(uri.hasPrefix("otpauth://totp/\(project):ada%40example.com?secret="), "\(uri)")
        #expect(uri.hasSuffix("&issuer=\(project)&algorithm=SHA1&digits=6"), "\(uri)")
        let stored = try #require(fixture.backend.accounts.first { $0.localID == session.uid }?.mfaEnrollments.first)
        #expect(stored.isTOTP)
        #expect(factor["id"] as? String == stored.enrollmentID)

        #expect(try await Self.decodeQR(png) == uri)
        let mode = try FileManager.default.attributesOfItem(atPath: png)[.posixPermissions] as? Int
        #expect(mode == 0o600)

        let secret = try #require(QueryParameters(url: uri).value("secret"))
        #expect(result.stderrText.contains("mfaEnrollment:start"), "the trace shows the exchange")
        #expect(!result.stderrText.contains(secret), "the --verbose trace hides the secret")
        let stateFiles = FileManager.default.enumerator(atPath: fixture.stateRoot)?.compactMap { $0 as? String } ?? []
        for file in stateFiles {
            let text = (try? String(contentsOfFile: fixture.stateRoot + "/" + file, encoding: .utf8)) ?? ""
            #expect(!text.contains(secret), "\(file) holds the secret")
        }

        let listed = try await fixture.run(["mfa", "list", "--json"])
        #expect(listed.exitCode == 0, "\(listed.stderrText)")
        let factors = try #require(try jsonObject(listed.stdoutText)["factors"] as? [[String: Any]])
        #expect(factors.first?["factorType"] as? String == "totp")
        let table = try await fixture.run(["mfa", "list"])
        #expect(table.stdoutText.contains("(TOTP app)"), "\(table.stdoutText)")
        let whoami = try await fixture.run(["whoami"])
        #expect(whoami.stdoutText.contains("\"phone app\" TOTP app"), "\(whoami.stdoutText)")
        #expect(whoami.stdoutText.contains("second factor \"phone app\" (TOTP app)"), "\(whoami.stdoutText)")
    }

    @Test(
        "Without --json the QR code, the grouped key and the URI go to standard error; with no code source and no terminal nothing is enrolled (exit 2)"
    )
    func noCodeSource() async throws {
        let fixture = try PhoneCLIFixture()
        let session = try await Self.verifiedSession(fixture, "bob@example.com")

        let result = try await fixture.run(
            ["mfa", "enroll", "--totp", "--issuer", "Acme Corp", "--account", "bob"], stdin: [])

        #expect(result.exitCode == 2, "\(result.stderrText)")
        #expect(result.stderrText.contains("--code-command"))
        #expect(
            result.stderrText.contains("\u{2580}") || result.stderrText.contains("\u{2584}"), "the QR code is drawn")
        #expect(result.stderrText.contains("URI: otpauth://totp/Acme%20Corp:bob?secret="))
        #expect(result.stderrText.contains("&issuer=Acme%20Corp&"))
        let key = String(try #require(result.stderrText.firstMatch(of: /Or type the key: ([A-Z2-7 ]+)/)?.1))
        #expect(key.components(separatedBy: " ").dropLast().allSatisfy { $0.count == 4 }, "grouped by four: \(key)")
        #expect(fixture.backend.accounts.first { $0.localID == session.uid }?.mfaEnrollments.isEmpty == true)
    }

    @Test("A wrong code is refused (exit 1) and enrolls nothing; TOTP disabled for the project is exit 2")
    func wrongCodeAndDisabled() async throws {
        let fixture = try PhoneCLIFixture()
        let session = try await Self.verifiedSession(fixture, "cy@example.com")

        let wrong = try await fixture.run(["mfa", "enroll", "--totp", "--code-command", "echo 12345x"])
        #expect(wrong.exitCode == 1, "\(wrong.stderrText)")
        #expect(wrong.stderrText.contains("Nothing was enrolled"), "\(wrong.stderrText)")
        #expect(
            wrong.stderrText.contains("That is not the code the authenticator app shows now."), "\(wrong.stderrText)")
        #expect(!wrong.stderrText.contains("SMS"), "a TOTP code is worded for the app: \(wrong.stderrText)")
        #expect(fixture.backend.accounts.first { $0.localID == session.uid }?.mfaEnrollments.isEmpty == true)

        fixture.backend.setTOTPEnabled(false)
        let disabled = try await fixture.run([
            "mfa", "enroll", "--totp", "--code-command", PhoneCLIFixture.oathtoolCommand,
        ])
        #expect(disabled.exitCode == 2, "\(disabled.stderrText)")
        #expect(disabled.stderrText.contains("Enable TOTP for the project"), "\(disabled.stderrText)")
        #expect(!disabled.stderrText.contains("otpauth://"), "no secret was handed out")
    }

    @Test(
        "Password sign-in stops at 5 naming the TOTP factor; mfa resolve --code finishes; whoami shows the TOTP factor; unenroll removes it"
    )
    func exitFiveResolveUnenroll() async throws {
        let fixture = try PhoneCLIFixture()
        let (id, app) = try await fixture.totpAccount("dee@example.com")

        let stopped = try await fixture.passwordSignIn("dee@example.com", ["--json"])
        #expect(stopped.exitCode == 5, "\(stopped.stderrText)")
        let object = try jsonObject(stopped.stdoutText)
        let listed = try #require((object["factors"] as? [[String: Any]])?.first)
        #expect(listed["id"] as? String == id)
        #expect(listed["factorType"] as? String == "totp")
        #expect(object["resolveCommand"] as? String == "authflow mfa resolve")

        let noCode = try await fixture.run(["mfa", "resolve"], stdin: [])
        #expect(noCode.exitCode == 5, "\(noCode.stderrText)")
        #expect(noCode.stderrText.contains("authflow mfa resolve --factor \(id) --code CODE"), "\(noCode.stderrText)")

        let wrong = try await fixture.run(["mfa", "resolve", "--code", "12345x"])
        #expect(wrong.exitCode == 1)
        #expect(try fixture.challenge() != nil, "a wrong code keeps the challenge")
        #expect(
            wrong.stderrText.contains(
                "The authenticator app's code was not accepted: it is wrong, or it was already used"),
            "\(wrong.stderrText)")
        #expect(!wrong.stderrText.contains("SMS"), "a TOTP code is worded for the app: \(wrong.stderrText)")

        let resolved = try await fixture.run(["mfa", "resolve", "--code", PhoneCLIFixture.nextCode(app), "--json"])
        #expect(resolved.exitCode == 0, "\(resolved.stderrText)")
        let resolvedObject = try jsonObject(resolved.stdoutText)
        #expect((resolvedObject["secondFactor"] as? [String: Any])?["factorType"] as? String == "totp")
        #expect(resolvedObject["mfaCodeSource"] as? String == "option")
        let session = try #require(try fixture.sessions.load())
        #expect(session.secondFactorID == id)
        #expect(IDTokenClaims(jwt: session.tokens.idToken)?.secondFactor == "totp")
        #expect(try fixture.challenge() == nil)
        let whoami = try await fixture.run(["whoami"])
        #expect(whoami.stdoutText.contains("second factor \"phone app\" (TOTP app)"), "\(whoami.stdoutText)")

        let removed = try await fixture.run(["mfa", "unenroll", "phone app"])
        #expect(removed.exitCode == 0, "\(removed.stderrText)")
        #expect(fixture.backend.accounts.first?.mfaEnrollments.isEmpty == true)
    }

    @Test("Password sign-in continues into the TOTP factor with --mfa-code")
    func passwordFirstFactor() async throws {
        let fixture = try PhoneCLIFixture()
        let (id, app) = try await fixture.totpAccount("eve@example.com")
        let result = try await fixture.passwordSignIn(
            "eve@example.com", ["--mfa-code", PhoneCLIFixture.nextCode(app), "--json"])
        #expect(result.exitCode == 0, "\(result.stderrText)")
        #expect((try jsonObject(result.stdoutText)["secondFactor"] as? [String: Any])?["id"] as? String == id)
        #expect(try fixture.sessions.load()?.signInProvider == "password")
        #expect(try fixture.sessions.load()?.secondFactorID == id)
    }

    @Test("An email link continues into the TOTP factor with --mfa-code-command")
    func emailLinkFirstFactor() async throws {
        let fixture = try PhoneCLIFixture()
        let (id, app) = try await fixture.totpAccount("fay@example.com")
        let sent = try await fixture.run([
            "email-link", "send", "fay@example.com", "--continue-url", "https://app.example.com/done",
        ])
        #expect(sent.exitCode == 0, "\(sent.stderrText)")
        let link = try await EmulatorEmailLinks.latest(fixture.backend, email: "fay@example.com")

        let result = try await fixture.run(
            ["email-link", "complete", link, "--mfa-code-command", "echo \(PhoneCLIFixture.nextCode(app))", "--json"])

        #expect(result.exitCode == 0, "\(result.stderrText)")
        let object = try jsonObject(result.stdoutText)
        #expect(object["mfaCodeSource"] as? String == "command")
        #expect(try fixture.sessions.load()?.secondFactorID == id)
    }

    @Test("An email link handed to handle-url stops at 5 with the TOTP factor; mfa resolve finishes it")
    func handoffFirstFactor() async throws {
        let fixture = try PhoneCLIFixture()
        let (id, app) = try await fixture.totpAccount("gus@example.com")
        let sent = try await fixture.run([
            "email-link", "send", "gus@example.com", "--continue-url", "https://app.example.com/done",
        ])
        #expect(sent.exitCode == 0, "\(sent.stderrText)")
        let link = try await EmulatorEmailLinks.latest(fixture.backend, email: "gus@example.com")

        let handed = try await fixture.run(
            ["handle-url", LinkWrapper.deepLinkID.wrap(link)],
            environment: ["FIREBASE_AUTH_EMULATOR_HOST": "", "FIREBASE_PROJECT_ID": ""])
        #expect(handed.exitCode == 5, "\(handed.stderrText)")

        let resolved = try await fixture.run(["mfa", "resolve", "--code", PhoneCLIFixture.nextCode(app)])
        #expect(resolved.exitCode == 0, "\(resolved.stderrText)")
        #expect(try fixture.sessions.load()?.secondFactorID == id)
    }

    @Test("A phone first factor whose account has a TOTP factor continues into it (production's challenge, injected)")
    func phoneFirstFactor() async throws {
        let fixture = try PhoneCLIFixture()
        let (id, app) = try await fixture.totpAccount("hal@example.com")
        let uid = try #require(fixture.backend.accounts.first?.localID)
        fixture.backend.setFault(
            .status(
                200,
                body:
                    #"{"mfaPendingCredential":"\#(fixture.pendingCredential(uid: uid))","mfaInfo":[{"mfaEnrollmentId":"\#(id)","displayName":"phone app","totpInfo":{}}]}"#
            ),
            for: "accounts:signInWithPhoneNumber", times: 1)

        let result = try await fixture.run(
            [
                "phone", "sign-in", "+16505550111", "--code-command", fixture.codeCommand, "--mfa-code",
                PhoneCLIFixture.nextCode(app), "--json",
            ])

        #expect(result.exitCode == 0, "\(result.stderrText)")
        #expect((try jsonObject(result.stdoutText)["secondFactor"] as? [String: Any])?["id"] as? String == id)
        #expect(try fixture.sessions.load()?.secondFactorID == id)
    }

    @Test(
        "SMS and TOTP factors together: the menu-less run stops at 5 listing both; --factor picks the TOTP one by name")
    func mixedFactors() async throws {
        let fixture = try PhoneCLIFixture()
        let ids = try await fixture.mfaAccount("ivy@example.com")
        // Enrol TOTP through the CLI after an SMS-resolved sign-in.
        let signedIn = try await fixture.passwordSignIn("ivy@example.com", ["--mfa-code-command", fixture.codeCommand])
        #expect(signedIn.exitCode == 0, "\(signedIn.stderrText)")
        let enrolled = try await fixture.run([
            "mfa", "enroll", "--totp", "--display-name", "app", "--code-command", PhoneCLIFixture.oathtoolCommand,
            "--json",
        ])
        #expect(enrolled.exitCode == 0, "\(enrolled.stderrText)")
        let uri = try #require(try jsonObject(enrolled.stdoutText)["uri"] as? String)
        let app = try #require(TimeBasedOneTimePassword(base32Secret: QueryParameters(url: uri).value("secret") ?? ""))

        let stopped = try await fixture.passwordSignIn("ivy@example.com")
        #expect(stopped.exitCode == 5, "\(stopped.stderrText)")
        #expect(stopped.stderrText.contains("+*******0199"))
        #expect(stopped.stderrText.contains("\"app\" TOTP authenticator app"), "\(stopped.stderrText)")

        let chosen = try await fixture.passwordSignIn(
            "ivy@example.com", ["--factor", "app", "--mfa-code", PhoneCLIFixture.nextCode(app)])
        #expect(chosen.exitCode == 0, "\(chosen.stderrText)")
        #expect(try fixture.sessions.load()?.secondFactorID != ids[0])
        #expect(fixture.backend.verificationCodes.isEmpty, "no SMS for the TOTP factor")
    }

    @Test(
        "On a terminal: the QR code in black on bright white, the key and URI, a wrong code asked again, then the right one enrolls"
    )
    func terminalEnrol() async throws {
        let fixture = try PhoneCLIFixture()
        let session = try await Self.verifiedSession(fixture, "jo@example.com")
        let terminal = try TerminalSession(
            ["mfa", "enroll", "--totp", "--display-name", "laptop", "--state-dir", fixture.stateRoot],
            environment: fixture.environment)

        #expect(await terminal.waitFor("Enter the 6-digit code the app shows: "))
        let shown = String(decoding: terminal.shown, as: UTF8.self)
        let uri = String(try #require(shown.firstMatch(of: /URI: (otpauth:\/\/totp\/[^\s]+)/)?.1))
        let app = try #require(TimeBasedOneTimePassword(base32Secret: QueryParameters(url: uri).value("secret") ?? ""))
        terminal.type("12345x\n")
        #expect(await terminal.waitFor("Check that the device's clock is right and enter the current code."))
        #expect(await terminal.waitFor("Try again (2 left)."))
        terminal.type(app.code(at: PhoneCLIFixture.now) + "\n")
        let termination = await terminal.finish()
        let everything = String(decoding: terminal.shown, as: UTF8.self)

        #expect(termination == .exited(0), "\(everything)")
        #expect(everything.contains("\u{1B}[30;107m"), "painted black on bright white")
        #expect(everything.contains("Added \"laptop\" TOTP authenticator app"))
        #expect(fixture.backend.accounts.first { $0.localID == session.uid }?.mfaEnrollments.first?.isTOTP == true)
    }

    @Test("An identity provider first factor (Sign in with Apple's identity token) continues into the TOTP factor")
    func appleFirstFactor() async throws {
        let fixture = try PhoneCLIFixture()
        let token = AppleCommandTests.claims("apple-totp", "kim@example.com")
        let first = try await fixture.run(["apple", "sign-in", "--id-token", token, "--nonce", "n"])
        #expect(first.exitCode == 0, "\(first.stderrText)")
        let enrolled = try await fixture.run(
            ["mfa", "enroll", "--totp", "--code-command", PhoneCLIFixture.oathtoolCommand, "--json"])
        #expect(enrolled.exitCode == 0, "\(enrolled.stderrText)")
        let uri = try #require(try jsonObject(enrolled.stdoutText)["uri"] as? String)
        let app = try #require(TimeBasedOneTimePassword(base32Secret: QueryParameters(url: uri).value("secret") ?? ""))
        let out = try await fixture.run(["sign-out"])
        #expect(out.exitCode == 0)

        let stopped = try await fixture.run(["apple", "sign-in", "--id-token", token, "--nonce", "n"])
        #expect(stopped.exitCode == 5, "\(stopped.stderrText)")
        let resolved = try await fixture.run(
            ["apple", "sign-in", "--id-token", token, "--nonce", "n", "--mfa-code", PhoneCLIFixture.nextCode(app)])
        #expect(resolved.exitCode == 0, "\(resolved.stderrText)")
        let session = try #require(try fixture.sessions.load())
        #expect(session.signInProvider == "apple.com")
        #expect(IDTokenClaims(jwt: session.tokens.idToken)?.secondFactor == "totp")
    }

    @Test(
        "A code already used (the enrolment's, in its 30-second window) is refused with the authenticator wording: wait for the next code"
    )
    func reusedCodeSaysWaitForTheNext() async throws {
        let fixture = try PhoneCLIFixture()
        let enrolledAt = PhoneCLIFixture.now
        let (_, app) = try await fixture.totpAccount("ida@example.com")
        let stopped = try await fixture.passwordSignIn("ida@example.com", [])
        #expect(stopped.exitCode == 5, "\(stopped.stderrText)")

        // The enrolment spent this step's code (or, across a step boundary, the one before, spent as well).
        let reused = try await fixture.run(["mfa", "resolve", "--code", app.code(at: enrolledAt)])
        #expect(reused.exitCode == 1, "\(reused.stderrText)")
        #expect(reused.stderrText.contains("or it was already used"), "\(reused.stderrText)")
        #expect(reused.stderrText.contains("wait for the app's next code, at most 30 seconds"))
        #expect(!reused.stderrText.contains("SMS"), "\(reused.stderrText)")
        #expect(try fixture.challenge() != nil, "the challenge stays for the next code")

        let next = try await fixture.run(["mfa", "resolve", "--code", PhoneCLIFixture.nextCode(app)])
        #expect(next.exitCode == 0, "\(next.stderrText)")
    }

    @Test("mfa resolve on a terminal: a wrong TOTP code is asked for again, as a wrong SMS code is")
    func terminalResolveTriesAgain() async throws {
        let fixture = try PhoneCLIFixture()
        let (_, app) = try await fixture.totpAccount("jan@example.com")
        let stopped = try await fixture.passwordSignIn("jan@example.com", [])
        #expect(stopped.exitCode == 5, "\(stopped.stderrText)")
        let terminal = try TerminalSession(
            ["mfa", "resolve", "--state-dir", fixture.stateRoot], environment: fixture.environment)

        #expect(await terminal.waitFor("Enter the code from the authenticator app"))
        terminal.type("12345x\n")
        #expect(await terminal.waitFor("Try again (2 left)."))
        terminal.type(PhoneCLIFixture.nextCode(app) + "\n")
        let end = await terminal.finish()
        let shown = String(decoding: terminal.shown, as: UTF8.self)

        #expect(end == .exited(0), "\(shown)")
        #expect(try fixture.challenge() == nil)
    }
}
