import AuthflowTestSupport
import Foundation
import Testing

/// The hosted route's questions and paste-back at a real terminal (util-linux `script`): every prompt ends on
/// Ctrl-C (exit 130) and within --timeout; --no-browser never offers a desktop handler and asks for the
/// address clearly; the end of standard input ends the paste part only.
@Suite("authflow phone: prompts on the hosted route")
struct PhonePromptTests {
    static let hosted = PhoneHostedRouteTests.hosted

    @Test("Ctrl-C at the register-scheme question exits 130 and sends no SMS")
    func interruptAtRegisterQuestion() async throws {
        let fixture = try PhoneCLIFixture()
        let terminal = try TerminalSession(
            [
                "phone", "sign-in", "+16505550140", "--code", "123456", "--browser", "/bin/true", "--state-dir",
                fixture.stateRoot,
            ] + Self.hosted,
            environment: fixture.environment)
        #expect(await terminal.waitFor("[Y/n]"), "\(String(decoding: terminal.shown, as: UTF8.self))")
        terminal.type("\u{03}")
        let end = await terminal.finish()

        #expect(end == .exited(130), "\(String(decoding: terminal.shown, as: UTF8.self))")
        #expect(fixture.smsSent == 0)
    }

    @Test("An unanswered register-scheme question ends with the flow's --timeout (exit 4)")
    func questionBoundedByTimeout() async throws {
        let fixture = try PhoneCLIFixture()
        let terminal = try TerminalSession(
            [
                "phone", "sign-in", "+16505550141", "--code", "123456", "--browser", "/bin/true", "--timeout", "1",
                "--state-dir", fixture.stateRoot,
            ] + Self.hosted,
            environment: fixture.environment)
        #expect(await terminal.waitFor("[Y/n]"))
        let end = await terminal.finish()

        #expect(end == .exited(4), "\(String(decoding: terminal.shown, as: UTF8.self))")
        #expect(fixture.smsSent == 0)
    }

    @Test(
        "--no-browser: no handler offered, a clear paste prompt with per-browser advice, a countdown that advances without touching the paste, and Ctrl-C exits 130"
    )
    func pastePromptAtTerminal() async throws {
        let fixture = try PhoneCLIFixture()
        let terminal = try TerminalSession(
            [
                "phone", "sign-in", "+16505550142", "--code", "123456", "--no-browser", "--timeout", "60",
                "--state-dir", fixture.stateRoot,
            ] + Self.hosted,
            environment: fixture.environment, rows: 24)
        #expect(await terminal.waitFor("Paste the address here: "))
        let typed = "com.googleusercontent.apps.123-abc://firebase"
        terminal.type(typed)
        #expect(await terminal.waitFor(typed))
        #expect(await terminal.waitFor("0:57 left"))
        let whileTyping = PinnedCountdown(String(decoding: terminal.shown, as: UTF8.self))
        terminal.type("\u{03}")
        let end = await terminal.finish()
        let shown = String(decoding: terminal.shown, as: UTF8.self)

        #expect(end == .exited(130), "\(shown)")
        #expect(!shown.contains("[Y/n]"), "no desktop handler is offered under --no-browser")
        #expect(shown.contains("Firefox") && shown.contains("Chrome"))
        #expect(whileTyping.keeps(typed), "a redraw moved over the typed text: \(whileTyping.rest.debugDescription)")
        #expect(whileTyping.advanced, "the countdown: \(whileTyping.countdowns)")
    }

    @Test("--no-browser with standard input at its end: says so and waits only for the handoff, until --timeout")
    func endOfInputEndsThePastePart() async throws {
        let fixture = try PhoneCLIFixture()
        let result = try await fixture.run(
            ["phone", "sign-in", "+16505550143", "--code", "123456", "--no-browser", "--timeout", "2"] + Self.hosted,
            stdin: [])

        #expect(result.exitCode == 4, "\(result.stderrText)")
        #expect(result.stderrText.contains("standard input ended"), "\(result.stderrText)")
        #expect(result.stderrText.contains("Paste the address here:"))
        #expect(result.stderrText.contains("within 2 seconds"), "the whole --timeout: \(result.stderrText)")
        #expect(fixture.smsSent == 0)
    }

    @Test("The time limit a hosted page was given is the one its timeout names, in Korean too")
    func timeoutNamesTheWholeLimit() async throws {
        let fixture = try PhoneCLIFixture()
        let result = try await fixture.run(
            ["phone", "sign-in", "+16505550144", "--code", "123456", "--no-browser", "--timeout", "3"] + Self.hosted,
            stdin: [], environment: ["AUTHFLOW_LANG": "ko"])

        #expect(result.exitCode == 4, "\(result.stderrText)")
        #expect(result.stderrText.contains("3초 안에"), "\(result.stderrText)")
    }
}
