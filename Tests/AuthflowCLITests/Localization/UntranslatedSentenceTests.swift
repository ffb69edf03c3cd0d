import Foundation
import Testing

/// No sentence a person reads is printed from a plain literal: the CLI's and the demo's sources show words
/// only through `localized(…)`. `--help` text (abstracts, discussions, option help) may stay English.
@Suite("Untranslated sentences")
struct UntranslatedSentenceTests {
    /// Whether a literal reads as a sentence for a person: three or more words of letters. A command line to
    /// type (`authflow mfa resolve --code CODE`) is not one: it is the same in every language.
    ///
    /// Shorter ones count too: a capitalised word ending a sentence ("Cancelled.", "Done!"), or a capitalised word
    /// followed by lower-case words ("Keeping a session", "Not found"): how a person's text starts, where an
    /// identifier, a header name or a JSON key does not.
    static func isSentence(_ text: String) -> Bool {
        if text.hasPrefix("authflow "), !text.contains(". ") { return false }
        let tokens = text.split(whereSeparator: { $0 == " " || $0 == "\n" })
        let words = tokens.filter { word in
            word.count > 1 && word.allSatisfy { $0.isLetter || $0 == "'" || $0 == "," || $0 == "." || $0 == ":" }
        }
        if words.count >= 3 { return true }
        guard let first = tokens.first, isCapitalised(first.prefix { $0.isLetter }) else { return false }
        let rest = first.drop { $0.isLetter }
        if tokens.count == 1 { return rest == "." || rest == "!" || rest == "?" }
        guard rest.isEmpty || rest == "," else { return false }
        return tokens.dropFirst().allSatisfy { token in
            let bare = token.prefix { $0.isLetter }
            let tail = token.dropFirst(bare.count)
            return !bare.isEmpty && bare.allSatisfy(\.isLowercase) && tail.allSatisfy { ".,:!?".contains($0) }
        }
    }

    /// An English word that starts a sentence: an upper-case ASCII letter, then lower-case ones ("Cancelled",
    /// not "HTTP", "eventId" or "X-Authflow").
    static func isCapitalised(_ word: Substring) -> Bool {
        guard let head = word.first, head.isASCII, head.isUppercase, word.count > 1 else { return false }
        return word.dropFirst().allSatisfy { $0.isASCII && $0.isLowercase }
    }

    /// Literals that are `--help` text or otherwise not shown as messages.
    static func isHelpText(_ before: String) -> Bool {
        let context = before.replacingOccurrences(of: "\n", with: " ")
        let markers = [
            "help:", "help = ", "ArgumentHelp(", "abstract:", "discussion:", "valueName:", "usage:", "ExitCode(",
            "DocC", "precondition", "assert", "range(of: ", "hasPrefix(", "OptionGroup(title: ",
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
        "Sources/AuthflowCLI/Failures/AuthflowExitCode.swift",
    ]

    /// Every sentence literal outside `localized(…)`, help text and the exempt files, as `file:line: text`.
    static func untranslated() async throws -> [String] {
        let scanned = try await SourceMessages.ofCatalogueSources()
        var left: [String] = []
        var previousWasHelp = false
        for literal in scanned.plainLiterals {
            let file = String(literal.location.split(separator: ":").first ?? "")
            // A literal joined with `+` to help text is help text too.
            let continues = literal.before.trimmingCharacters(in: .whitespacesAndNewlines).hasSuffix("+")
            // The demo's sample data, typed on its command lines like a value a person chooses.
            let sample = literal.before.trimmingCharacters(in: .whitespaces).hasSuffix("factorName =")
            let help = isHelpText(literal.before) || continues && previousWasHelp || sample
            previousWasHelp = help
            if isSentence(literal.text), !help, !exempt.contains(file) {
                left.append("\(literal.location): \(literal.text)")
            }
        }
        return left
    }

    @Test("No English sentence is shown outside the catalogue: every message goes through localized(…)")
    func noEnglishOutsideCatalogue() async throws {
        let left = try await Self.untranslated()
        #expect(left.isEmpty, "English sentences outside localized(…):\n\(left.joined(separator: "\n"))")
    }

    @Test("The sentence check sees a plain message and passes over help text and localized(…)")
    func detectorFails() throws {
        #expect(Self.isSentence("Sent a sign-in link to the address."))
        #expect(!Self.isSentence("authflow: "))
        #expect(!Self.isSentence("requestType"))
        #expect(!Self.isSentence("authflow mfa resolve --code CODE"))
        #expect(Self.isSentence("authflow: the page is done. Close it now"))
        #expect(Self.isSentence("Cancelled."))
        #expect(Self.isSentence("Keeping a session"))
        #expect(Self.isSentence("Not found"))
        #expect(!Self.isSentence("Content-Type"))
        #expect(!Self.isSentence("Bearer "))
        #expect(!Self.isSentence("X-Firebase-Locale"))
        #expect(!Self.isSentence("HTTP/1.1 200"))
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
