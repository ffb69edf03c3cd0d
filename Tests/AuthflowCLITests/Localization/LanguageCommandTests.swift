import AuthflowTestSupport
import Foundation
import Testing

/// The language in force, through the real binary: Korean from the locale (with no ko_KR locale generated),
/// from `--lang`, `AUTHFLOW_LANG` or authflow.json; English in the C locale; machine-readable output the same
/// in every language.
@Suite("Languages through the CLI")
struct LanguageCommandTests {
    static let korean = "이메일 주소가 아닙니다"
    static let english = "is not an email address"
    static let send = ["email-link", "send", "not-an-address", "--continue-url", "https://app.example.com/"]
    /// Only the variables each case sets: the runner's own locale must not decide.
    static let noLocale = ["LC_ALL": "", "LC_MESSAGES": "", "LANG": "", "LANGUAGE": ""]

    static func environment(_ values: [String: String]) -> [String: String] {
        noLocale.merging(values) { $1 }
    }

    @Test(
        "An invalid address is refused (2) in the language in force",
        arguments: [
            ([String](), ["LANG": "ko_KR.UTF-8"], true),
            ([], ["LC_ALL": "ko_KR.UTF-8", "LANG": "en_US.UTF-8"], true),
            ([], ["LANG": "C.UTF-8", "LANGUAGE": "fr:ko"], true),
            ([], ["LANG": "C", "LANGUAGE": "ko"], false),
            ([], ["LANG": "C"], false),
            ([], [:], false),
            (["--lang", "ko"], ["LANG": "C"], true),
            (["--lang", "ko_KR.UTF-8"], [:], true),
            (["--lang", "en"], ["LANG": "ko_KR.UTF-8"], false),
            ([], ["AUTHFLOW_LANG": "ko-KR"], true),
            (["--lang", "en"], ["AUTHFLOW_LANG": "ko"], false),
        ])
    func refusalLanguage(flags: [String], environment: [String: String], expectKorean: Bool) async throws {
        let result = try await AuthflowCommand.run(Self.send + flags, environment: Self.environment(environment))
        #expect(result.exitCode == 2)
        let text = result.stderrText
        #expect(text.contains(expectKorean ? Self.korean : Self.english), "\(text)")
        #expect(!text.contains(expectKorean ? Self.english : Self.korean), "\(text)")
        #expect(text.hasPrefix("authflow: \"not-an-address\""), "\(text)")
    }

    @Test("authflow.json's lang is the language when no flag or variable names one")
    func configurationFileLanguage() async throws {
        let directory = try TemporaryDirectory()
        try #"{"apiKey": "k", "projectId": "p", "lang": "ko"}"#.write(
            toFile: directory.file("authflow.json"), atomically: true, encoding: .utf8)
        // A usage error found after the configuration is read: the sign-in link of another project.
        let result = try await AuthflowCommand.run(
            ["whoami"], environment: Self.environment(["LANG": "C", "XDG_STATE_HOME": directory.path]),
            workingDirectory: directory.path)
        #expect(result.stderrText.contains("로그인한 사용자가 없습니다"), "\(result.stderrText)")
        let english = try await AuthflowCommand.run(
            ["whoami", "--lang", "en"],
            environment: Self.environment(["LANG": "C", "XDG_STATE_HOME": directory.path]),
            workingDirectory: directory.path)
        #expect(english.stderrText.contains("Nobody is signed in"), "\(english.stderrText)")
    }

    @Test(
        "link inspect (text and --json), sessions --json and exit statuses are byte-identical in every language",
        arguments: [
            ["link", "inspect", "--json", LinkSamples.action],
            ["link", "inspect", LinkSamples.action],
            ["link", "inspect", "--json", "https://www.example.com/about"],
            ["sessions", "--json", "--state-dir", "/nonexistent/authflow-language-test"],
        ])
    func machineOutputUnchanged(arguments: [String]) async throws {
        let english = try await AuthflowCommand.run(arguments, environment: Self.environment(["LANG": "C"]))
        for korean in [["LANG": "ko_KR.UTF-8"], ["AUTHFLOW_LANG": "ko"], ["LC_ALL": "C.UTF-8", "LANGUAGE": "ko"]] {
            let result = try await AuthflowCommand.run(arguments, environment: Self.environment(korean))
            #expect(result.stdout == english.stdout, "\(korean): \(result.stdoutText)")
            #expect(result.exitCode == english.exitCode)
        }
        #expect(!english.stdout.isEmpty)
    }

    @Test("authflow demo --lang ko narrates in Korean and its commands answer in Korean; without it, English")
    func demoInKorean() async throws {
        let home = try TemporaryDirectory()
        let result = try await AuthflowCommand.run(
            ["demo", "--only", "email-link", "--lang", "ko"],
            environment: Self.environment(["TMPDIR": home.path, "LANG": "C"]))
        let output = result.stdoutText
        #expect(result.exitCode == 0, "\(output)\n\(result.stderrText)")
        #expect(output.contains("1. 이메일 링크 로그인"), "\(output)")
        #expect(output.contains("로그인 링크를 보냅니다."))
        #expect(output.contains("(으)로 로그인했습니다. 계정이 새로 만들어졌습니다."), "the command's own output")
        #expect(output.contains("완료: 1개 흐름 중 1개를 마쳤습니다:"))
        #expect(!output.contains("Send a sign-in link."))
    }

    /// `sessions`, `listen`, `emulator`, `link inspect` and `apple nonce` have no project flags and refused `--lang`
    /// as an unexpected argument; every command takes it now.
    @Test("Every command accepts --lang: the commands without project flags answer in Korean")
    func everyCommandTakesLang() async throws {
        let state = try TemporaryDirectory()
        let sessions = try await AuthflowCommand.run(
            ["sessions", "--lang", "ko", "--state-dir", state.path], environment: Self.environment(["LANG": "C"]))
        #expect(sessions.exitCode == 0, "\(sessions.stderrText)")
        #expect(sessions.stderrText.contains("저장된 세션이 없습니다"), "\(sessions.stderrText)")

        let nonce = try await AuthflowCommand.run(
            ["apple", "nonce", "--lang", "ko"], environment: Self.environment([:]))
        #expect(nonce.exitCode == 0, "\(nonce.stderrText)")

        let inspect = try await AuthflowCommand.run(
            ["link", "inspect", "javascript:x", "--lang", "ko"], environment: Self.environment([:]))
        #expect(inspect.exitCode == 1, "\(inspect.stderrText)")
        #expect(!inspect.stderrText.contains("Unexpected argument"))

        // Each command's help lists the flag: none refuses it.
        for command in [
            ["listen"], ["emulator"], ["sessions"], ["register-scheme"], ["link", "inspect"], ["apple", "nonce"],
        ] {
            let help = try await AuthflowCommand.run(command + ["--help"])
            #expect(help.stdoutText.contains("--lang <code>"), "\(command)")
        }
        // An empty value is a mistake, said as for the project flags.
        let empty = try await AuthflowCommand.run(["sessions", "--lang", "", "--state-dir", state.path])
        #expect(empty.exitCode == 2)
        #expect(empty.stderrText.contains("--lang was given an empty value"), "\(empty.stderrText)")
    }
}

/// Links for the language tests.
enum LinkSamples {
    static let action =
        "https://proj.firebaseapp.com/__/auth/action?apiKey=AIzaKEY&mode=signIn&oobCode=CODE123"
        + "&continueUrl=https%3A%2F%2Fapp.example.com%2Fdone&lang=en&tenantId=T1"
}
