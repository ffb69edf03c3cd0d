import Foundation
import Testing

/// No sentence a person reads is printed from a plain literal: the CLI's and the demo's sources show words
/// only through `localized(…)`. `--help` text (abstracts, discussions, option help) may stay English.
///
/// Files written before the catalogue are still being moved onto it; `po/untranslated-baseline.txt` lists how
/// many sentence literals each may still hold, and the count may only go down.
@Suite("Untranslated sentences")
struct UntranslatedSentenceTests {
    static let baselinePath = AuthflowCommand.repositoryRoot
        .appendingPathComponent("po/untranslated-baseline.txt")

    /// Whether a literal reads as a sentence for a person: three or more words of letters.
    static func isSentence(_ text: String) -> Bool {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\n" }).filter { word in
            word.count > 1 && word.allSatisfy { $0.isLetter || $0 == "'" || $0 == "," || $0 == "." || $0 == ":" }
        }
        return words.count >= 3
    }

    /// Literals that are `--help` text or otherwise not shown as messages.
    static func isHelpText(_ before: String) -> Bool {
        let context = before.replacingOccurrences(of: "\n", with: " ")
        let markers = [
            "help:", "ArgumentHelp(", "abstract:", "discussion:", "valueName:", "usage:", "ExitCode(",
            "DocC", "precondition", "assert",
        ]
        return markers.contains { marker in
            guard let range = context.range(of: marker, options: .backwards) else { return false }
            // The marker's argument is still open here: no `)` closes more than was opened after it.
            var depth = 0
            for character in context[range.upperBound...] {
                if character == "(" { depth += 1 }
                if character == ")" { depth -= 1 }
                if depth < 0 { return false }
            }
            return true
        }
    }

    /// Files whose words must stay English: `link inspect`'s output (the same in every language, as `--json`)
    /// and the exit-status tables of `--help`.
    static let exempt: Set = [
        "Sources/AuthflowCLI/Output/InspectionSummary.swift", "Sources/AuthflowCLI/Output/InspectionJSON.swift",
        "Sources/AuthflowCLI/Support/AuthflowExitCode.swift",
    ]

    static func counts() throws -> [String: Int] {
        let scanned = try SourceMessages.scan(
            MessageCatalogueTests.sourceDirectories, root: AuthflowCommand.repositoryRoot)
        var counts: [String: Int] = [:]
        for literal in scanned.plainLiterals where isSentence(literal.text) && !isHelpText(literal.before) {
            let file = String(literal.location.split(separator: ":").first ?? "")
            if !exempt.contains(file) { counts[file, default: 0] += 1 }
        }
        return counts
    }

    static func baseline() throws -> [String: Int] {
        let text = try String(contentsOf: baselinePath, encoding: .utf8)
        var baseline: [String: Int] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let parts = line.split(separator: " ")
            if parts.count == 2, let count = Int(parts[1]) { baseline[String(parts[0])] = count }
        }
        return baseline
    }

    @Test("No file shows more English sentences outside the catalogue than its baseline (new ones: localized(…))")
    func noNewEnglish() throws {
        let counts = try Self.counts()
        let baseline = try Self.baseline()
        let over = counts.filter { $0.value > baseline[$0.key, default: 0] }.sorted { $0.key < $1.key }
        let named = over.map { "\($0.key) has \($0.value), allowed \(baseline[$0.key, default: 0])" }
            .joined(separator: "; ")
        #expect(over.isEmpty, "English sentences outside localized(…): \(named)")
    }

    @Test("The baseline only goes down: a file that shows fewer English sentences lowers its line")
    func baselineTight() throws {
        let counts = try Self.counts()
        let baseline = try Self.baseline()
        let loose = baseline.filter { $0.value > counts[$0.key, default: 0] }.sorted { $0.key < $1.key }
        let named = loose.map { "\($0.key) \(counts[$0.key, default: 0])" }.joined(separator: ", ")
        #expect(loose.isEmpty, "Lower these lines of untranslated-baseline.txt: \(named)")
    }

    @Test("The sentence check sees a plain message and passes over help text and localized(…)")
    func detectorFails() throws {
        #expect(Self.isSentence("Sent a sign-in link to the address."))
        #expect(!Self.isSentence("authflow: "))
        #expect(!Self.isSentence("requestType"))
        #expect(Self.isHelpText("    @Flag(help: "))
        #expect(!Self.isHelpText("        StandardError.write("))
        var scanner = SourceMessages.Scanner(
            Array(#"x = localized("Sent a link to \(a).") + "Nothing was sent, try again.""#.unicodeScalars),
            file: "t.swift")
        var result = SourceMessages()
        scanner.run(into: &result)
        #expect(result.messages.map(\.key) == ["Sent a link to %s."])
        #expect(result.plainLiterals.map(\.text) == ["Nothing was sent, try again."])
    }
}
