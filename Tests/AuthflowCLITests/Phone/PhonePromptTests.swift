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

    @Test("--no-browser: no handler offered, a clear paste prompt with per-browser advice, and Ctrl-C exits 130")
    func pastePromptAtTerminal() async throws {
        let fixture = try PhoneCLIFixture()
        let terminal = try TerminalSession(
            ["phone", "sign-in", "+16505550142", "--code", "123456", "--no-browser", "--state-dir", fixture.stateRoot]
                + Self.hosted,
            environment: fixture.environment)
        #expect(await terminal.waitFor("Paste the address here: "))
        terminal.type("com.googleusercontent.apps.123-abc://firebase")
        terminal.type("\u{03}")
        let end = await terminal.finish()
        let shown = String(decoding: terminal.shown, as: UTF8.self)

        #expect(end == .exited(130), "\(shown)")
        #expect(!shown.contains("[Y/n]"), "no desktop handler is offered under --no-browser")
        #expect(shown.contains("Firefox") && shown.contains("Chrome"))
        #expect(!shown.contains("\u{1B}[K"), "nothing redraws the line being typed: \(shown)")
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
        #expect(fixture.smsSent == 0)
    }
}
