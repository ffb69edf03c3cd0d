import AuthflowBackend
import AuthflowTestSupport
import Foundation
import Testing

/// The hosted route when the project audits reCAPTCHA Enterprise for phone sign-in, in the iOS SDK's order
/// (`PhoneAuthProvider.swift`, `verifyClAndSendVerificationCodeWithRecaptcha` and
/// `handleVerifyErrorWithRetry`): an Enterprise token first, from `--recaptcha-token-command`; the hosted
/// page's v2 token with `NO_RECAPTCHA` only after Firebase refuses it with `INVALID_APP_CREDENTIAL`.
@Suite("authflow phone: route hosted under AUDIT")
struct PhoneHostedAuditTests {
    static let number = "+16505550140"

    /// A fixture auditing phone sign-in, a clicking browser, and a token command printing `token`.
    private static func prepare(token: String) throws -> (PhoneCLIFixture, browser: String, command: String) {
        let fixture = try PhoneCLIFixture()
        fixture.backend.setRecaptchaEnforcement(.audit, for: .phone)
        let browser = try PhoneHostedRouteTests.installClickingBrowser(at: fixture.directory.file("browser"))
        let command = fixture.directory.file("token-command")
        try ExecutableScript.write(
            "#!/bin/sh\necho \"$AUTHFLOW_RECAPTCHA_ACTION\" >> \"$0.calls\"\necho '\(token)'\n", to: command)
        return (fixture, browser, command)
    }

    private static func run(
        _ fixture: PhoneCLIFixture, browser: String, command: String
    ) async throws -> SubprocessResult {
        try await fixture.run(
            [
                "phone", "sign-in", number, "--browser", browser, "--code-command", fixture.codeCommand,
                "--recaptcha-token-command", command,
            ] + PhoneHostedRouteTests.hosted,
            environment: ["AUTHFLOW_BINARY": AuthflowCommand.binaryPath])
    }

    @Test("The token command's Enterprise token goes first, with CLIENT_TYPE_WEB; accepted, no page is opened")
    func enterpriseFirst() async throws {
        let (fixture, browser, command) = try Self.prepare(token: "authflow-stand-in:sendVerificationCode:hosted1")

        let result = try await Self.run(fixture, browser: browser, command: command)

        #expect(result.exitCode == 0, "\(result.stderrText)")
        #expect(fixture.smsSent == 1)
        #expect(!FileManager.default.fileExists(atPath: browser + ".url"), "the hosted page was never opened")
        #expect(try String(contentsOfFile: command + ".calls", encoding: .utf8) == "sendVerificationCode\n")
        let sent = fixture.backend.recaptchaRequests
        #expect(sent.count == 1)
        #expect(sent.first?.token == "authflow-stand-in:sendVerificationCode:hosted1")
        #expect(sent.first?.clientType == "CLIENT_TYPE_WEB")
        #expect(sent.first?.recaptchaVersion == "RECAPTCHA_ENTERPRISE")
        #expect(sent.first?.v2Token == nil)
        #expect(fixture.backend.recaptchaAssessments.map(\.valid) == [true])
        #expect(!result.stderrText.contains("reCAPTCHA page"), "no page is announced: \(result.stderrText)")
        #expect(!result.stderrText.contains("hosted1"), "the token is never shown")
    }

    @Test("Refused with INVALID_APP_CREDENTIAL: then the hosted page, its v2 token with NO_RECAPTCHA as iOS; one SMS")
    func fallbackAfterInvalidAppCredential() async throws {
        // A token for another action: the stand-in refuses it under AUDIT with INVALID_APP_CREDENTIAL.
        let (fixture, browser, command) = try Self.prepare(token: "authflow-stand-in:signInWithPassword:hosted2")

        let result = try await Self.run(fixture, browser: browser, command: command)

        #expect(result.exitCode == 0, "\(result.stderrText)")
        #expect(fixture.smsSent == 1)
        #expect(FileManager.default.fileExists(atPath: browser + ".url"), "the hosted page was opened")
        #expect(result.stderrText.contains("Proving the app with the hosted reCAPTCHA page"))
        let sent = fixture.backend.recaptchaRequests
        #expect(sent.map(\.token) == ["authflow-stand-in:signInWithPassword:hosted2", "NO_RECAPTCHA"])
        #expect(sent.map(\.clientType) == ["CLIENT_TYPE_WEB", "CLIENT_TYPE_IOS"])
        #expect(sent.map(\.recaptchaVersion) == ["RECAPTCHA_ENTERPRISE", "RECAPTCHA_ENTERPRISE"])
        #expect(sent.first?.v2Token == nil)
        #expect(sent.last?.v2Token != nil, "the hosted page's v2 token went with the fallback")
    }

    @Test("Any other refusal (MISSING_RECAPTCHA_TOKEN) is not a reason to fall back, as on iOS: no page, no SMS")
    func noFallbackOnOtherRefusals() async throws {
        let (fixture, browser, command) = try Self.prepare(token: "authflow-stand-in:sendVerificationCode:hosted3")
        fixture.backend.setFault(
            .status(400, body: #"{"error":{"code":400,"message":"MISSING_RECAPTCHA_TOKEN"}}"#),
            for: "accounts:sendVerificationCode", times: 1)

        let result = try await Self.run(fixture, browser: browser, command: command)

        #expect(result.exitCode == 1, "\(result.stderrText)")
        #expect(result.stderrText.contains("MISSING_RECAPTCHA_TOKEN"))
        #expect(!FileManager.default.fileExists(atPath: browser + ".url"))
        #expect(fixture.smsSent == 0)
    }

    @Test("mfa resolve: the token command's mfaSmsSignIn token goes first in phoneSignInInfo; no page is opened")
    func secondFactorEnterpriseFirst() async throws {
        let (fixture, browser, command) = try Self.prepare(token: "authflow-stand-in:mfaSmsSignIn:hosted4")
        _ = try await fixture.mfaAccount("ada@example.com")
        let stopped = try await fixture.passwordSignIn("ada@example.com")
        #expect(stopped.exitCode == 5)

        let result = try await fixture.run(
            [
                "mfa", "resolve", "--browser", browser, "--code-command", fixture.codeCommand,
                "--recaptcha-token-command", command,
            ] + PhoneHostedRouteTests.hosted,
            environment: ["AUTHFLOW_BINARY": AuthflowCommand.binaryPath])

        #expect(result.exitCode == 0, "\(result.stderrText)")
        #expect(!FileManager.default.fileExists(atPath: browser + ".url"), "the hosted page was never opened")
        #expect(try String(contentsOfFile: command + ".calls", encoding: .utf8) == "mfaSmsSignIn\n")
        let sent = fixture.backend.recaptchaRequests.filter { $0.operation == "accounts/mfaSignIn:start" }
        #expect(sent.map(\.token) == ["authflow-stand-in:mfaSmsSignIn:hosted4"])
        #expect(sent.map(\.clientType) == ["CLIENT_TYPE_WEB"])
        #expect(sent.map(\.recaptchaVersion) == ["RECAPTCHA_ENTERPRISE"])
    }

    @Test("Without a token command the hosted page's v2 token goes first, as before (nothing to try without a page)")
    func withoutCommand() async throws {
        let (fixture, browser, _) = try Self.prepare(token: "unused")

        let result = try await fixture.run(
            ["phone", "sign-in", Self.number, "--browser", browser, "--code-command", fixture.codeCommand]
                + PhoneHostedRouteTests.hosted,
            environment: ["AUTHFLOW_BINARY": AuthflowCommand.binaryPath])

        #expect(result.exitCode == 0, "\(result.stderrText)")
        let sent = fixture.backend.recaptchaRequests
        #expect(sent.map(\.token) == ["NO_RECAPTCHA"])
        #expect(sent.map(\.clientType) == ["CLIENT_TYPE_IOS"])
    }
}
