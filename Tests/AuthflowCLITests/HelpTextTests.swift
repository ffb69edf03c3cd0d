import AuthflowTestSupport
import Foundation
import Testing

/// What `--help` shows, from the real binary: each command's exit statuses at the end of its discussion, only those
/// it can return, in lines that argument-parser does not re-wrap; renamed options; completions of paths.
@Suite("Help text and completions")
struct HelpTextTests {
    private func help(_ arguments: [String]) async throws -> String {
        let result = try await AuthflowCommand.run(arguments + ["--help"])
        #expect(result.exitCode == 0, "\(arguments): \(result.stderrText)")
        return result.stdoutText
    }

    /// The lines of the "EXIT STATUS:" block, up to the blank line that ends it.
    private func exitStatusBlock(_ text: String) -> [String] {
        let lines = text.components(separatedBy: "\n")
        guard let start = lines.firstIndex(of: "EXIT STATUS:") else { return [] }
        return Array(lines[(start + 1)...].prefix { !$0.isEmpty })
    }

    /// The status numbers the block lists, in order.
    private func statuses(_ block: [String]) -> [Int] {
        block.compactMap { Int($0.trimmingCharacters(in: .whitespaces).prefix { $0.isNumber }) }
    }

    @Test(arguments: [
        (["config", "show"], [0, 2]),
        (["link", "inspect"], [0, 1, 2, 3]),
        (["whoami"], [0, 1, 2, 3]),
        (["email-link", "complete"], [0, 1, 2, 3, 4, 5, 130]),
        (["email-link", "send"], [0, 1, 2, 3, 4, 130]),
        (["listen"], [0, 2, 3, 4, 130]),
        (["phone", "sign-in"], [0, 1, 2, 3, 4, 5, 130]),
        (["emulator"], [0, 2, 3]),
        (["mfa", "enroll"], [0, 1, 2, 3, 4, 130]),
        (["sign-out"], [0, 2]),
    ])
    func eachCommandListsItsOwnStatusesLast(arguments: [String], expected: [Int]) async throws {
        let text = try await help(arguments)
        #expect(text.components(separatedBy: "EXIT STATUS:").count == 2, "\(arguments): one block")
        let block = exitStatusBlock(text)
        #expect(statuses(block) == expected, "\(arguments): \(block)")
        // Only the examples follow the block (`HelpEndingTests`), at the end of the help.
        let afterBlock = text.components(separatedBy: "EXIT STATUS:").last ?? ""
        let rest = afterBlock.components(separatedBy: "\n").dropFirst(block.count + 1).drop { $0.isEmpty }
        #expect(rest.first == "EXAMPLES:", "\(arguments): \(rest.prefix(2))")
        // Numbers right-aligned in three columns; a description that continues is indented under the text,
        // never at column 0.
        for line in block {
            let isEntry = line.range(of: #"^( {2}\d|\d{3})  \S"#, options: .regularExpression) != nil
            let isContinuation = line.hasPrefix(String(repeating: " ", count: 7)) && line.count > 7
            #expect(isEntry || isContinuation, "\(arguments): \(line)")
            #expect(line.count < 80, "\(arguments): \(line)")
        }
    }

    @Test func theRootHelpListsEveryStatus() async throws {
        #expect(statuses(exitStatusBlock(try await help([]))) == [0, 1, 2, 3, 4, 5, 130])
    }

    @Test func listensJSONExampleIsShownWhole() async throws {
        let text = try await help(["listen"])
        #expect(text.contains("\n  {\"event\":\"listening\",\"redirectUri\":\"http://127.0.0.1:PORT/callback\",\n"))
        #expect(text.contains("\n   \"state\":\"…\"}\n"))
        #expect(text.contains("\n  {\"event\":\"callback\",\"url\":\"…\",\"params\":{…},\"via\":\"http\"}\n"))
    }

    /// `link inspect` and `email-link complete` name their per-request limit and short-link domains apart from
    /// the total wait and the Hosting link domain of other commands; the former names are out of the help.
    @Test(arguments: [["link", "inspect"], ["email-link", "complete"]])
    func renamedOptionsShowTheirNewNames(arguments: [String]) async throws {
        let text = try await help(arguments)
        #expect(text.contains("--request-timeout <seconds>"))
        #expect(text.contains("--short-link-domain <host[:port]>"))
        #expect(!text.contains("--timeout"))
        #expect(!text.contains("--link-domain"))
    }

    /// The document limits were in neither the README nor the help.
    @Test(arguments: [["link", "inspect"], ["email-link", "complete"]])
    func documentLimitsAreStated(arguments: [String]) async throws {
        let text = try await help(arguments).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(text.contains("may be up to 32 MiB, and every link in it is searched, however many"), "\(text)")
        #expect(text.contains("nest 32 levels deep and hold 10000 text parts"))
        #expect(text.contains("unwrapped through at most 32 layers"))
    }

    /// The CDN's firebase-auth.js imports Google's firebase-app.js by its full address, which a mirror must
    /// rewrite; both commands taking --web-sdk-url say so.
    @Test(arguments: [["oauth", "sign-in"], ["apple", "sign-in"]])
    func webSDKURLNamesTheImportAMirrorRewrites(arguments: [String]) async throws {
        let text = try await help(arguments).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(
            text.contains(
                "must rewrite firebase-auth.js's import of https://www.gstatic.com/firebasejs/VERSION/firebase-app.js "
                    + "to the mirror's own firebase-app.js"), "\(arguments)")
    }

    /// `mfa`'s overview names both kinds of second factor it manages.
    @Test func mfaOverviewNamesSMSAndTOTP() async throws {
        let text = try await help(["mfa"]).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(text.contains("second factors (SMS, or a TOTP authenticator app)"), "\(text)")
    }

    @Test func emailLinkSendKeepsItsLinkDomain() async throws {
        #expect(try await help(["email-link", "send"]).contains("--link-domain <domain>"))
    }

    /// The bash completion script completes files for the file options and directories for the directory ones.
    @Test func bashCompletesPathArguments() async throws {
        let result = try await AuthflowCommand.run(["--generate-completion-script", "bash"])
        #expect(result.exitCode == 0)
        let script = result.stdoutText
        let expectations = [
            ("--config", "-f"), ("--html", "-f"), ("--eml", "-f"), ("--cacert", "-f"), ("--templates", "-d"),
            ("--state-dir", "-d"),
        ]
        for (option, kind) in expectations {
            let pattern = "'\(option)')\n        __authflow_add_completions \(kind)\n"
            #expect(script.contains(pattern), "\(option) does not complete with \(kind)")
        }
    }

    /// `--provider` offered nothing and `--qr-png` and `--exec` completed no file names.
    @Test func bashCompletesProvidersAndFiles() async throws {
        let result = try await AuthflowCommand.run(["--generate-completion-script", "bash"])
        #expect(result.exitCode == 0)
        let script = result.stdoutText
        // oauth sign-in's and oauth unlink's --provider: the provider IDs.
        let providerCases = script.components(separatedBy: "'--provider')\n").dropFirst()
        #expect(providerCases.count == 2, "one per command")
        for body in providerCases {
            let completion = body.prefix { $0 != ";" }
            for provider in ["google.com", "github.com", "microsoft.com", "apple.com", "oidc.", "saml."] {
                #expect(completion.contains(provider), "\(provider) is not offered: \(completion)")
            }
        }
        // --qr-png: PNG files (and directories to reach them); --exec: any file.
        #expect(script.contains("'--qr-png')\n        __authflow_add_completions -o plusdirs -fX '!*.@(png)'\n"))
        #expect(script.contains("'--exec')\n        __authflow_add_completions -f\n"))
    }

    /// The words other tools use for signing in and out and for the signed-in user point at authflow's commands.
    @Test(
        arguments: [
            ("login", ["`authflow oauth sign-in`", "`authflow email-link send`", "`authflow phone sign-in`"]),
            ("logout", ["`authflow sign-out`"]),
            ("status", ["`authflow whoami --check`"]),
        ])
    func foreignWordsPointAtCommands(word: String, commands: [String]) async throws {
        let english = try await AuthflowCommand.run([word], environment: ["LANG": "C", "LC_ALL": "", "LANGUAGE": ""])
        #expect(english.exitCode == 2)
        #expect(english.stderrText.hasPrefix("authflow: `\(word)` is not an authflow command. Did you mean "))
        for command in commands { #expect(english.stderrText.contains(command), "\(english.stderrText)") }
        #expect(!english.stderrText.contains("Unexpected argument"))
        #expect(english.stdoutText.isEmpty)

        let korean = try await AuthflowCommand.run([word, "--lang", "ko"])
        #expect(korean.exitCode == 2)
        #expect(korean.stderrText.contains("`\(word)`은(는) authflow 명령이 아닙니다."), "\(korean.stderrText)")
        for command in commands { #expect(korean.stderrText.contains(command)) }
    }
}
