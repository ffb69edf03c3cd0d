import ArgumentParser
import Testing

@testable import AuthflowCLI

/// The desktop's `handle-url URL` read before ArgumentParser, against ArgumentParser's own parse of the same command
/// line (the root route, the definition of what a command line means).
@Suite("handle-url's desktop fast path")
struct HandoffFastPathTests {
    /// Third arguments of many shapes: URLs of every kind the desktop hands over, text that is not a URL, words
    /// ArgumentParser could read as requests (help, the command's own name), options and the terminator.
    static let arguments: [String] = [
        "com.example.app://callback?code=1&state=s", "app-1-2-ios-3://firebaseauth/link?deep_link_id=x%3Ay",
        "https://example.firebaseapp.com/__/auth/action?mode=signIn&oobCode=C&apiKey=k", " com.x://cb ", "foo:bar",
        "not a url", "", " ", "help", "handle-url", "listen", "x:y --json", "com.x://cb?q=\u{1F600}", "a\tb",
        "-", "--", "-h", "--help", "--version", "--json", "-v", "--api-key", "--generate-completion-script",
        "--experimental-dump-help", "---completion", "--state-dir=/tmp",
    ]

    @Test("Where the fast path takes a command line, ArgumentParser parses it to the same URL, no project options")
    func agreesWithArgumentParser() throws {
        var taken = 0
        for argument in Self.arguments {
            let line = ["authflow", "handle-url", argument]
            guard let url = HandoffFastPath.url(in: line) else {
                #expect(argument.hasPrefix("-"), "\(line) left to the usual route")
                continue
            }
            taken += 1
            #expect(url == argument)
            let root = try Authflow.parseAsRoot(Array(line.dropFirst()))
            guard let command = root as? HandleURLCommand else {
                Issue.record("the root parses \(line) to \(type(of: root))")
                continue
            }
            #expect(command.url == url, "\(line)")
            // Where the fast path takes the project options from, when it completes an email sign-in link: none
            // given, as ArgumentParser makes them from no arguments.
            var expected = ""
            dump(try ProjectOptions.parse([]), to: &expected)
            var actual = ""
            dump(command.project, to: &actual)
            #expect(actual == expected, "\(line): project options given")
        }
        #expect(taken == 14)
    }

    @Test("Any other command line is left to the usual route")
    func otherShapes() {
        let lines: [[String]] = [
            ["authflow", "handle-url"], ["authflow", "handle-url", "a:b", "--lang", "ko"],
            ["authflow", "handle-url", "a:b", "c:d"], ["authflow", "handle-url", "--api-key", "k", "a:b"],
            ["authflow", "listen", "a:b"], ["authflow", "help", "handle-url"], ["authflow", "--lang", "handle-url"],
            ["authflow", "HANDLE-URL", "a:b"], ["handle-url", "a:b"],
        ]
        for line in lines {
            #expect(HandoffFastPath.url(in: line) == nil, "\(line)")
        }
    }
}
