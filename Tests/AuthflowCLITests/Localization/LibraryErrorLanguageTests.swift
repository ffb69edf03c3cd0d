import AuthflowTestSupport
import Foundation
import Testing

/// Library errors the CLI used to pass through in the library's English (`description`) are worded in the
/// language in force: Korean under a Korean locale, English under `LANG=C`, with the same exit status.
@Suite("Library errors in the language in force")
struct LibraryErrorLanguageTests {
    static let link = "https://proj.firebaseapp.com/__/auth/action?apiKey=AIzaKEY"
    static let complete = ["email-link", "complete", "--api-key", "AIzaKEY", "--project-id", "proj", "--offline"]

    @Test(
        "Link input, email action and percent-escape refusals are Korean under ko_KR and English under C",
        arguments: [
            (
                ["link", "inspect", "not a url"],
                "\"not a url\"은(는) URL이 아닙니다.", "\"not a url\" is not a URL"
            ),
            (
                complete + [link + "&mode=resetPassword&oobCode=CODE123"],
                "로그인 링크가 아니라 비밀번호 재설정 링크(mode=resetPassword)이므로",
                "This is a password-reset link (mode=resetPassword), not a sign-in link"
            ),
            (
                complete + [link + "&mode=signIn&oobCode=C%2"],
                "링크의 oobCode 매개변수에 16진수 두 자리가 뒤따르지 않는 %가 있습니다.",
                "The link's oobCode parameter holds a % that is not followed by two hex digits"
            ),
        ])
    func refusalInBothLanguages(arguments: [String], korean: String, english: String) async throws {
        let state = try TemporaryDirectory()
        var results: [String: (Int32, String)] = [:]
        for (language, expected, other) in [("ko_KR.UTF-8", korean, english), ("C", english, korean)] {
            let result = try await AuthflowCommand.run(
                arguments,
                environment: LanguageCommandTests.environment(["LANG": language, "XDG_STATE_HOME": state.path]))
            let text = result.stderrText
            #expect(text.contains(expected), "\(language): \(text)")
            #expect(!text.contains(other), "\(language): \(text)")
            results[language] = (result.exitCode, text)
        }
        #expect(results["ko_KR.UTF-8"]?.0 == 2)
        #expect(results["C"]?.0 == 2)
    }
}
