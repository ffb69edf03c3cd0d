import AuthflowTestSupport
import Foundation
import Testing

/// A browser command that does not start is reported command by command, worded by the CLI in the person's
/// language from the launcher's data (the program and its exit status), and the wait goes on.
@Suite("A browser that does not start")
struct BrowserLaunchFailureTests {
    @Test("listen --open names each command that failed and how, in English and in Korean")
    func reported() async throws {
        let runtime = try TemporaryDirectory()
        let failing = runtime.file("browser")
        try ExecutableScript.write("#!/bin/sh\nexit 3\n", to: failing)
        let missing = runtime.file("missing")
        let environment = ["XDG_RUNTIME_DIR": runtime.path, "BROWSER": "\(missing):\(failing)"]
        let arguments = ["listen", "--open", "https://idp.example/authorize?state={state}", "--timeout", "1"]

        let english = try await AuthflowCommand.run(arguments, environment: environment)
        let korean = try await AuthflowCommand.run(
            arguments, environment: environment.merging(["AUTHFLOW_LANG": "ko"]) { $1 })

        #expect(english.exitCode == 4, "\(english.stderrText)")
        #expect(
            english.stderrText.contains(
                "authflow: could not open a browser (\(missing) is not installed; \(failing) exited with status 3); "
                    + "open the URL above yourself."), "\(english.stderrText)")
        #expect(korean.exitCode == 4, "\(korean.stderrText)")
        #expect(
            korean.stderrText.contains(
                "브라우저를 열지 못했습니다(\(missing)이(가) 설치되어 있지 않습니다; \(failing)이(가) 상태 3(으)로 종료되었습니다)"),
            "\(korean.stderrText)")
    }
}
