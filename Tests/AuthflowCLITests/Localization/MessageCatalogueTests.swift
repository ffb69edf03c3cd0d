import AuthflowTestSupport
import Foundation
import Testing

/// The catalogue against the sources: every message the CLI and the demo show has its Korean, the compiled
/// catalogue is the `.po` file's, and `msgfmt` finds the placeholders of every translation consistent.
@Suite("Message catalogue")
struct MessageCatalogueTests {
    static let root = AuthflowCommand.repositoryRoot
    static let translatedLanguages = ["ko"]
    static let sourceDirectories = [
        "Sources/AuthflowCLI", "Sources/AuthflowDemo", "Sources/AuthflowLocalization/Wording",
    ]

    static func catalogue(_ language: String) throws -> POFile {
        POFile(text: try String(contentsOf: root.appendingPathComponent("po/\(language).po"), encoding: .utf8))
    }

    @Test("Every message passed to localized(…) is a literal the catalogue can be keyed by")
    func keysReadable() async throws {
        let scanned = try await SourceMessages.ofCatalogueSources()
        #expect(scanned.unreadable.isEmpty, "localized(…) needs string literals: \(scanned.unreadable)")
        #expect(scanned.messages.count > 20)
    }

    @Test("Every message has English (its key) and a Korean translation", arguments: translatedLanguages)
    func everyKeyTranslated(language: String) async throws {
        let scanned = try await SourceMessages.ofCatalogueSources()
        let entries = try Self.catalogue(language).byKey
        var missing: [String] = []
        for message in scanned.messages {
            guard let entry = entries[message.key], !entry.fuzzy,
                entry.translations.allSatisfy({ !$0.isEmpty }), !entry.translations.isEmpty,
                entry.pluralKey == message.pluralKey
            else {
                var stanza = "#: \(message.location)\n#, c-format\nmsgid \(POFile.quote(message.key))\n"
                if let plural = message.pluralKey {
                    stanza += "msgid_plural \(POFile.quote(plural))\nmsgstr[0] \"\"\n"
                } else {
                    stanza += "msgstr \"\"\n"
                }
                missing.append(stanza)
                continue
            }
        }
        let advice =
            "po/\(language).po lacks \(missing.count) translation(s); add these, then run "
            + "scripts/compile-catalogue:\n\n" + missing.joined(separator: "\n")
        #expect(missing.isEmpty, "\(advice)")
    }

    @Test("The catalogue holds no message the sources no longer show", arguments: translatedLanguages)
    func noObsoleteEntries(language: String) async throws {
        let keys = Set(try await SourceMessages.ofCatalogueSources().messages.map(\.key))
        let obsolete = try Self.catalogue(language).entries.map(\.key).filter { !keys.contains($0) }
        #expect(obsolete.isEmpty, "po/\(language).po has entries no source shows: \(obsolete)")
    }

    @Test(
        "The compiled catalogue under locale/ is po/<language>.po's (run scripts/compile-catalogue)",
        arguments: translatedLanguages)
    func compiledMatchesSource(language: String) async throws {
        let compiled = Self.root.appendingPathComponent("locale/\(language)/LC_MESSAGES/authflow.mo").path
        let result = try await Subprocess.run("msgunfmt", arguments: [compiled])
        try #require(result.exitCode == 0, "msgunfmt (Debian's gettext package) failed: \(result.stderrText)")
        let unpacked = POFile(text: result.stdoutText).entries.filter { !$0.fuzzy }
        let source = try Self.catalogue(language).entries.filter { !$0.fuzzy }
        let unpackedByKey = Dictionary(unpacked.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        let stale = source.filter { unpackedByKey[$0.key]?.translations != $0.translations }.map(\.key)
        #expect(stale.isEmpty, "locale/\(language) is older than po/\(language).po for: \(stale)")
        #expect(unpacked.count == source.count)
    }

    @Test("msgfmt --check accepts each catalogue: placeholders and plural forms agree", arguments: translatedLanguages)
    func formatsCheck(language: String) async throws {
        let path = Self.root.appendingPathComponent("po/\(language).po").path
        let result = try await Subprocess.run(
            "msgfmt", arguments: ["--check", "--output-file=/dev/null", path])
        #expect(result.exitCode == 0, "\(result.stderrText)")
    }
}
