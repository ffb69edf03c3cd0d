import AuthflowTestSupport
import Foundation
import Testing

/// The man pages `make` installs, written by scripts/generate-manual from this build's binary: named as `man` looks
/// for them (`man authflow-phone-sign-in`), and in UTF-8 (argument-parser's generator dropped every non-ASCII
/// character, leaving `{"raw": , "sha256": }`).
@Suite("Man pages")
struct ManualPageTests {
    /// The pages generated into a fresh directory, by file name.
    static func generate() async throws -> (directory: TemporaryDirectory, pages: [String: String]) {
        let directory = try TemporaryDirectory()
        let script = AuthflowCommand.repositoryRoot.appendingPathComponent("scripts/generate-manual").path
        let result = try await Subprocess.run(
            script, arguments: [AuthflowCommand.binaryPath, directory.path], timeout: .seconds(120))
        #expect(result.exitCode == 0, "\(result.stderrText)")
        var pages: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: directory.file(name)))
            pages[name] = try #require(String(validating: Array(bytes), as: UTF8.self), "\(name) is not UTF-8")
        }
        return (directory, pages)
    }

    @Test("One page per command, named authflow-GROUP-COMMAND.1, with that name in NAME and its relatives in SEE ALSO")
    func conventionalNames() async throws {
        let (_, pages) = try await Self.generate()
        #expect(pages.count == HelpEndingTests.tree().count)
        for names in HelpEndingTests.tree().map(\.names) {
            let name = (["authflow"] + names).joined(separator: "-")
            let page = try #require(pages[name + ".1"], "no \(name).1 among \(pages.keys.sorted())")
            #expect(page.hasPrefix(".\\\" -*- coding: UTF-8 -*-\n"), "\(name): preconv reads the coding line")
            #expect(page.contains("\n.SH NAME\n\(name) \\- "), "\(name)")
            #expect(page.contains("\n.SH EXIT STATUS\n"), "\(name)")
            #expect(page.contains("\n.SH EXAMPLES\n"), "\(name)")
        }
        #expect(!pages.keys.contains { $0.dropLast(2).contains(".") }, "no dotted names: \(pages.keys.sorted())")
        let signIn = try #require(pages["authflow-phone-sign-in.1"])
        #expect(signIn.contains("\n.TH \"AUTHFLOW-PHONE-SIGN-IN\" 1 "))
        #expect(signIn.contains("\n.SH SEE ALSO\n.BR authflow-phone (1)\n"))
        let phone = try #require(pages["authflow-phone.1"])
        #expect(phone.contains("\n.SH SEE ALSO\n.BR authflow (1),\n.BR authflow-phone-sign-in (1),\n"))
        #expect(phone.contains("See \\fBauthflow\\-phone\\-sign\\-in\\fR(1)."))
    }

    @Test("Non-ASCII text is kept as UTF-8: apple nonce's {\"raw\": …} and the Korean in --lang's help")
    func utf8Kept() async throws {
        let (_, pages) = try await Self.generate()
        let nonce = try #require(pages["authflow-apple-nonce.1"])
        #expect(nonce.contains(#"Print {"raw": …, "sha256": …} instead of two lines."#), "\(nonce)")
        #expect(nonce.contains("ko (한국어)"))
        let signIn = try #require(pages["authflow-phone-sign-in.1"])
        #expect(signIn.contains("ko (한국어)"))
    }

    @Test(
        "groff renders the Korean and the ellipsis (preconv reads the coding line)",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/groff")))
    func rendersWithGroff() async throws {
        let (directory, _) = try await Self.generate()
        let rendered = try await Subprocess.run(
            "/usr/bin/groff", arguments: ["-k", "-Tutf8", "-man", directory.file("authflow-apple-nonce.1")],
            environment: ["LANG": "C.UTF-8", "LC_ALL": ""], timeout: .seconds(60))
        #expect(rendered.exitCode == 0, "\(rendered.stderrText)")
        #expect(rendered.stdoutText.contains("한국어"), "\(rendered.stdoutText)")
        #expect(rendered.stdoutText.contains("…"))
        // Headings are bold by overstriking; the examples under theirs are plain text.
        #expect(rendered.stdoutText.contains("$ authflow apple nonce --json"))
    }
}
