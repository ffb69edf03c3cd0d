import ArgumentParser
import Testing

@testable import AuthflowCLI

/// The direct route (a leaf command parsed on its own) against the root route (`Authflow.parseAsRoot`), which is
/// ArgumentParser's definition of every command line's meaning, help and errors.
@Suite("Direct parse of a subcommand")
struct DirectRouteTests {
    /// Every leaf under the root, by its names, read from ArgumentParser's configurations.
    static func treeLeaves(
        _ command: any ParsableCommand.Type = Authflow.self, names: [String] = []
    ) -> [(names: [String], command: any ParsableCommand.Type)] {
        let subcommands = command.configuration.subcommands
        if subcommands.isEmpty { return [(names, command)] }
        return subcommands.flatMap { sub in
            treeLeaves(sub, names: names + [sub.configuration.commandName ?? ""])
        }
    }

    @Test("The table of leaves is ArgumentParser's tree: the same names for the same commands, none missing")
    func tableIsTheTree() {
        let tree = Self.treeLeaves().map { "\($0.names.joined(separator: " ")) \(ObjectIdentifier($0.command))" }
        let table = DirectRoute.leaves.map { "\($0.names.joined(separator: " ")) \(ObjectIdentifier($0.command))" }
        #expect(tree.sorted() == table.sorted())
        #expect(table.count == 30)
    }

    @Test("Only leaves name authflow as their super-command; the root and the groups name none")
    func superCommandOnLeavesOnly() {
        for leaf in DirectRoute.leaves {
            #expect(leaf.command.configuration._superCommandName == "authflow", "\(leaf.names)")
        }
        #expect(Authflow.configuration._superCommandName == nil)
        for group in Authflow.configuration.subcommands where !group.configuration.subcommands.isEmpty {
            #expect(group.configuration._superCommandName == nil, "\(group)")
        }
    }

    /// What a parse produced, for comparing the two routes: the command's type and its every stored value.
    static func describe(_ command: any ParsableCommand) -> String {
        var text = "\(type(of: command))\n"
        dump(command, to: &text)
        return text
    }

    /// Command lines of many shapes for every leaf: bare, with its own options in both spellings, unknown and
    /// misspelt options, missing and invalid values, help and version flags anywhere, completion requests, the
    /// `--` terminator, and the group names alone or misspelt.
    static var corpus: [[String]] {
        // For every leaf.
        let shapes: [[String]] = [
            [], ["x"], ["--json"], ["--help"], ["-h"], ["--version"], ["--nope"], ["--", "x"],
            ["x", "--generate-completion-script", "bash"],
        ]
        // For the commands whose start-up is measured, and two whose validation writes a note.
        let detailed = [
            ["listen"], ["handle-url"], ["email-link", "send"], ["email-link", "complete"],
            ["link", "inspect"], ["apple", "sign-in"],
        ]
        let detailedShapes: [[String]] = [
            ["x", "y"], ["--json", "x"], ["x", "--json"], ["--verbose", "x"], ["-v", "x"],
            ["x", "--help"], ["help"], ["-vh"], ["--help-hidden"], ["x", "--version"],
            ["--generate-completion-script", "bash"], ["--generate-completion-script"],
            ["--experimental-dump-help"], ["---completion"], ["--", "--help"], ["--", "--version"],
            ["-Z"], ["--timeout", "abc"], ["--timeout", "0"], ["--timeout", "5", "--port", "0"],
            ["--timeout=7"], ["--port", "70000"], ["--state"], ["--state", "s", "--state-param", " "],
            ["--state", ""], ["--scheme", "com.example.app", "--scheme", "bad scheme"], ["--path", "/cb"],
            ["--path", "cb"], ["--paste"], ["--open", "https://example.com/auth?r={redirect_uri}&s={state}"],
            ["--open", "not a url"], ["--browser", "firefox %s"], ["--browser", "\"unbalanced"], ["--no-browser"],
            ["--browser", "x", "--no-browser"], ["a@example.com", "--continue-url", "https://a.example/done"],
            ["a@example.com", "--continue-url", " "], [" ", "--continue-url", "https://a.example/done"],
            ["a@example.com"], ["--continue-url", "https://a.example/done"],
            ["a@example.com", "--continue-url", "https://a.example/done", "--android-install"],
            ["https://a.example/link?mode=signIn&oobCode=c&apiKey=k"], ["--email", "a@example.com"],
            ["--api-key", ""], ["--api-key", "k", "--project-id", "p"], ["--project-id", " \t"],
            ["--emulator", "127.0.0.1:9099"], ["--lang", "ko"], ["--state-dir", "/tmp/x"], ["--config", "x.json"],
            ["--recaptcha-token-command", " "], ["--recaptcha-stand-in"], ["--factor", " "], ["--code", ""],
            ["com.example.app://callback?code=1"], [" com.example.app://callback "], ["not a url"],
            ["--offline"], ["--html", "x.html"], ["--provider", "google.com"], ["--hosted"], ["--port", "0"],
            ["--json", "--json"], ["--verbose", "--verbose"], ["-v", "-v"], ["--timeout", "1", "--timeout", "2"],
            ["--timeout", "5", "https://x"], ["--timeout", "5", "--nope", "https://x"], ["--link-domain", "l.example"],
            ["--nonce", String(repeating: "ab", count: 32), "--id-token", "t"],
            ["--nonce", String(repeating: "ab", count: 32), "--id-token", "t", "--nope"],
        ]
        var lines: [[String]] = []
        for leaf in DirectRoute.leaves {
            for shape in shapes { lines.append(["authflow"] + leaf.names + shape) }
        }
        for names in detailed {
            for shape in detailedShapes { lines.append(["authflow"] + names + shape) }
        }
        for group in ["email-link", "email", "phone", "apple", "mfa", "oauth", "link", "config", "app-check"] {
            lines.append(["authflow", group])
            lines.append(["authflow", group, "--help"])
            lines.append(["authflow", group, "nope"])
        }
        lines += [
            ["authflow"], ["authflow", "--help"], ["authflow", "--version"], ["authflow", "help"],
            ["authflow", "help", "listen"], ["authflow", "--json", "listen"], ["authflow", "listen", "listen"],
            ["authflow", "handle-url", "handle-url"], ["authflow", "email-link", "sen"], ["authflow", "Listen"],
            ["authflow", "email-link", "send", "send", "--continue-url", "https://a.example/done"],
        ]
        return lines
    }

    @Test("Every command line the direct route parses, the root parses to the same command with the same values")
    func corpusAgrees() async {
        var direct = 0
        var rootOnly = 0
        for line in Self.corpus {
            // Seconds of parsing in all: a turn for the other tests' work between lines, so the test pool is
            // never held for the whole corpus.
            await Task.yield()
            let root = try? Authflow.parseAsRoot(Array(line.dropFirst()))
            guard let parsed = DirectRoute.parse(line) else {
                rootOnly += 1
                continue
            }
            direct += 1
            guard let root else {
                Issue.record("the root refuses \(line), the direct route parsed it")
                continue
            }
            #expect(Self.describe(parsed.command) == Self.describe(root), "\(line)")
        }
        // Both outcomes occur, so the comparison above is exercised.
        #expect(direct > 60)
        #expect(rootOnly > 300)
    }

    @Test("Help, the version, completion requests and errors go through the root")
    func rootRequestsStayWithTheRoot() {
        let lines: [[String]] = [
            ["authflow", "listen", "--help"], ["authflow", "listen", "-h"], ["authflow", "listen", "--version"],
            ["authflow", "handle-url", "--generate-completion-script", "bash"],
            ["authflow", "handle-url", "x", "--experimental-dump-help"], ["authflow", "listen", "--timeout", "0"],
            ["authflow", "listen", "--nope"], ["authflow", "handle-url"], ["authflow", "help", "listen"],
            ["authflow", "--json", "listen"], ["authflow", "config"],
        ]
        for line in lines {
            #expect(DirectRoute.parse(line) == nil, "\(line)")
        }
        #expect(DirectRoute.parse(["authflow", "listen", "--json", "--timeout", "60"])?.command is ListenCommand)
        #expect(
            DirectRoute.parse(["authflow", "email-link", "complete", "https://x"])?.command
                is EmailLinkCompleteCommand)
    }

    @Test("A note validation writes is shown once, whether the direct parse is kept or given up for the root's")
    func validationNoteShownOnce() async throws {
        let notice = "authflow: --timeout is deprecated and will be removed; use --request-timeout"
        let link = "https://example.firebaseapp.com/__/auth/action?mode=signIn&oobCode=C&apiKey=k"
        let kept = try await AuthflowCommand.run(["link", "inspect", "--offline", "--timeout", "5", link])
        #expect(kept.exitCode == 0, "\(kept.stderrText)")
        #expect(kept.stderrText.components(separatedBy: notice).count == 2, "\(kept.stderrText)")
        // An unknown option is found after validation: the direct parse is given up and the root parses again.
        let givenUp = try await AuthflowCommand.run(["link", "inspect", "--timeout", "5", "--nope", link])
        #expect(givenUp.exitCode == 2, "\(givenUp.stderrText)")
        #expect(givenUp.stderrText.components(separatedBy: notice).count == 2, "\(givenUp.stderrText)")
        #expect(givenUp.stderrText.contains("--nope"), "\(givenUp.stderrText)")
    }
}
