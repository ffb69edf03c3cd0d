import ArgumentParser
import Testing

@testable import AuthflowCLI

/// Every command's help ends with its exit statuses and then two or three examples, each a command line that parses
/// to that command. The commands are read from the root's configuration, recursively, so a command added anywhere
/// in the tree is checked without being named here.
@Suite("Help: exit statuses and examples in every command")
struct HelpEndingTests {
    /// The root and every command under it, with the names typed after `authflow`.
    static func tree(
        _ command: any ParsableCommand.Type = Authflow.self, names: [String] = []
    ) -> [(names: [String], command: any ParsableCommand.Type)] {
        [(names, command)]
            + command.configuration.subcommands.flatMap { sub in
                tree(sub, names: names + [sub.configuration.commandName ?? ""])
            }
    }

    /// The help `authflow NAMES --help` prints at 80 columns: ArgumentParser's own help generation, with the
    /// ending placed last as `Authflow.main` prints it.
    static func help(_ command: any ParsableCommand.Type) -> String {
        HelpEnding.placedLast(Authflow.helpMessage(for: command, columns: 80))
    }

    /// The lines of the block under `heading`, up to the blank line that ends it.
    static func block(_ heading: String, in help: String) -> [String] {
        let lines = help.components(separatedBy: "\n")
        guard let start = lines.firstIndex(of: heading) else { return [] }
        return Array(lines[(start + 1)...].prefix { !$0.isEmpty })
    }

    /// The arguments after `authflow` in an example's command line (`$(authflow token)`, `authflow … <file`), split
    /// as a shell splits them: quotes group words and are removed.
    static func arguments(of example: String) -> [String]? {
        guard let start = example.range(of: "authflow ") else { return nil }
        var words: [String] = []
        var word = ""
        var inWord = false
        var quote: Character?
        for character in example[start.upperBound...] {
            if let open = quote {
                if character == open { quote = nil } else { word.append(character) }
            } else if character == "'" || character == "\"" {
                quote = character
                inWord = true
            } else if character == " " {
                if inWord { words.append(word) }
                word = ""
                inWord = false
            } else if character == "|" || character == ")" || character == "<" {
                break
            } else {
                word.append(character)
                inWord = true
            }
        }
        if inWord { words.append(word) }
        return words
    }

    @Test("The tree holds the root, the nine groups and the thirty leaves")
    func treeIsWhole() {
        #expect(Self.tree().count == 40)
    }

    @Test("Every command's help ends with its exit statuses, then two or three examples")
    func everyCommandHasExitStatusesAndExamples() {
        for (names, command) in Self.tree() {
            let label = (["authflow"] + names).joined(separator: " ")
            let help = Self.help(command)
            let statuses = Self.block("EXIT STATUS:", in: help)
            #expect(statuses.first?.hasPrefix("  0  success") == true, "\(label): \(statuses)")
            let examples = Self.block("EXAMPLES:", in: help)
            #expect((2...3).contains(examples.count), "\(label): \(examples)")
            // The examples come after the statuses, after the usage and the options, and end the help.
            let text = help.components(separatedBy: "\n")
            if let statusLine = text.firstIndex(of: "EXIT STATUS:"), let exampleLine = text.firstIndex(of: "EXAMPLES:"),
                let usageLine = text.firstIndex(where: { $0.hasPrefix("USAGE: ") })
            {
                #expect(usageLine < statusLine && statusLine < exampleLine, "\(label)")
                let after = text[(exampleLine + 1 + examples.count)...].drop { $0.isEmpty }
                #expect(after.isEmpty, "\(label): \(Array(after.prefix(2)))")
            }
            for example in examples {
                #expect(example.hasPrefix("  $ ") && example.contains("authflow "), "\(label): \(example)")
                #expect(example.count < 80, "\(label): \(example)")
            }
        }
    }

    @Test("Each example is a real command line: it parses to the command whose help shows it, or one under it")
    func examplesParse() throws {
        for (names, command) in Self.tree() {
            for example in Self.block("EXAMPLES:", in: Self.help(command)) {
                let arguments = try #require(Self.arguments(of: example), "\(example)")
                #expect(Array(arguments.prefix(names.count)) == names, "\(example) is not under \(names)")
                do {
                    // As `Authflow.main` parses: `emulator --export-on-exit` alone takes the --import directory.
                    let prepared = Array(EmulatorCommand.withExportOnExitValue(["authflow"] + arguments).dropFirst())
                    let parsed = try Authflow.parseAsRoot(prepared)
                    let parsedType = type(of: parsed)
                    let underCommand = Self.tree(command).contains {
                        ObjectIdentifier($0.command) == ObjectIdentifier(parsedType)
                    }
                    #expect(underCommand, "\(example) parses to \(parsedType)")
                } catch {
                    Issue.record("\(example) does not parse: \(Authflow.fullMessage(for: error))")
                }
            }
        }
    }
}
