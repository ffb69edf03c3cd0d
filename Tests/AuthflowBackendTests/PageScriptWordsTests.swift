import AuthflowListener
import Foundation
import Testing

/// The pages' scripts are shared partials (`{{> phone-recaptcha.js}}`) holding no words: every sentence a script
/// shows is an element of the page's hidden `#authflow-texts` (`<span data-text="name">`), which each language
/// edition words.
@Suite("Page scripts' words")
struct PageScriptWordsTests {
    /// The `<script>` elements of `page`: their opening tags and bodies.
    static func scripts(in page: String) throws -> [(tag: String, body: String)] {
        let regex = try Regex(#"(<script[^>]*>)((?:.|\n)*?)</script>"#)
        return page.matches(of: regex).compactMap { match in
            guard let tag = match.output[1].substring, let body = match.output[2].substring else { return nil }
            return (String(tag), String(body))
        }
    }

    /// The texts of the page's `#authflow-texts` element, `<span data-text="name">text</span>` each, by name;
    /// nil when the page has none.
    static func words(in page: String) throws -> [String: String]? {
        let block = try Regex(#"<div id="authflow-texts" hidden>((?:.|\n)*?)</div>"#)
        guard let element = page.firstMatch(of: block), let inside = element.output[1].substring else { return nil }
        let text = try Regex(#"<span data-text="([A-Za-z0-9]+)">([^<]*)</span>"#)
        var words: [String: String] = [:]
        for match in inside.matches(of: text) {
            guard let name = match.output[1].substring, let value = match.output[2].substring else { continue }
            #expect(words[String(name)] == nil, "\(name) is given twice")
            words[String(name)] = String(value)
        }
        let elements = inside.matches(of: try Regex("<[a-z]+ ")).count
        #expect(elements == words.count, "every element of #authflow-texts is one <span data-text> text")
        return words
    }

    /// The names a partial reads from `words` (`words.codePrompt`).
    static func wordsRead(by script: String) throws -> Set<String> {
        // Not the `words.js` of `{{> page-words.js}}`.
        let read = try Regex(#"(?:^|[^-\w])words\.([A-Za-z0-9]+)"#)
        return Set(script.matches(of: read).compactMap { $0.output[1].substring.map(String.init) })
    }

    /// The value placeholders of a text (`{phone}`), Mustache tags (`{{phoneNumber}}`) aside; and those tags.
    static func placeholders(_ text: String) throws -> (values: [String], tags: [String]) {
        let tag = try Regex(#"\{\{[^}]*\}\}"#)
        let tags = text.matches(of: tag).map { String(text[$0.range]) }.sorted()
        let rest = text.replacing(tag, with: "")
        let values = rest.matches(of: try Regex(#"\{[a-z]+\}"#)).map { String(rest[$0.range]) }.sorted()
        return (values, tags)
    }

    static func hasHangul(_ text: String) -> Bool {
        text.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) }
    }

    /// Each page with a script, the partial it includes.
    static func pagesWithScripts() throws -> [(page: String, partial: String)] {
        try BuiltInTemplates.names.compactMap { name in
            let page = try #require(BuiltInTemplates.text(named: name))
            let include = try Regex(#"^\{\{> ([^}\s]+)\}\}$"#)
            let partial = try scripts(in: page).compactMap { script in
                script.body.trimmingCharacters(in: .whitespacesAndNewlines).firstMatch(of: include)?.output[1]
                    .substring.map(String.init)
            }.first
            return partial.map { (name, $0) }
        }
    }

    @Test("Every inline script of every page and edition is one partial's include, and every partial is used")
    func oneCopyOfEachScript() throws {
        var included: Set<String> = []
        for name in BuiltInTemplates.names + BuiltInTemplates.editionNames {
            let page = try #require(BuiltInTemplates.text(named: name))
            for script in try Self.scripts(in: page) where !script.tag.contains(" src=") {
                let body = script.body.trimmingCharacters(in: .whitespacesAndNewlines)
                let partial = try #require(
                    body.firstMatch(of: try Regex(#"^\{\{> ([^}\s]+)\}\}$"#))?.output[1].substring,
                    "\(name) has an inline script of its own rather than a shared partial")
                #expect(BuiltInTemplates.partialNames.contains(String(partial)), "\(name) includes \(partial)")
                included.insert(String(partial))
            }
        }
        // The scripts' own partials (page-words.js, which reads the texts).
        for partial in included {
            let text = try #require(BuiltInTemplates.text(named: partial))
            included.formUnion(
                text.matches(of: try Regex(#"\{\{> ([^}\s]+)\}\}"#)).compactMap {
                    $0.output[1].substring.map(String.init)
                })
        }
        #expect(included == Set(BuiltInTemplates.partialNames))
        #expect(try Self.pagesWithScripts().count == 3, "phone-recaptcha, recaptcha-enterprise and oauth-web")
    }

    @Test("The shared scripts hold no sentences: no string literal of two words or more")
    func noWordsInScripts() throws {
        let literal = try Regex(#"'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*""#)
        let twoWords = try Regex(#"[A-Za-z]+[ ,;:]+[A-Za-z]+"#)
        for name in BuiltInTemplates.partialNames {
            // Comments aside (their words are for the reader): a `//` after a space or at a line's start.
            let script = try #require(BuiltInTemplates.text(named: name))
                .replacing(try Regex(#"(?m)(^|\s)//[^\n]*"#), with: "")
            let sentences = script.matches(of: literal).map { String(script[$0.range]) }
                .filter { $0.contains(twoWords) }
            #expect(sentences.isEmpty, "\(name) shows words of its own: \(sentences)")
        }
    }

    @Test(
        "Every text a shared script shows is in each edition of its page, non-empty, Korean in Korean, with the same values to fill in"
    )
    func everyTextInEveryLanguage() throws {
        for (name, partial) in try Self.pagesWithScripts() {
            let script = try #require(BuiltInTemplates.text(named: partial))
            let read = try Self.wordsRead(by: script)
            #expect(!read.isEmpty, "\(partial) shows no text at all?")
            let englishPage = try #require(BuiltInTemplates.text(named: name))
            let koreanPage = try #require(BuiltInTemplates.text(named: "ko/\(name)"))
            let english = try #require(try Self.words(in: englishPage), "\(name) has no #authflow-texts")
            let korean = try #require(try Self.words(in: koreanPage), "ko/\(name) has no #authflow-texts")
            for (language, words) in [("en", english), ("ko", korean)] {
                #expect(Set(words.keys) == read, "\(language)/\(name): texts the script reads vs. texts given")
                for key in read {
                    let text = try #require(words[key], "\(language)/\(name) lacks \(key)")
                    #expect(!text.trimmingCharacters(in: .whitespaces).isEmpty, "\(language)/\(name): \(key) is empty")
                    #expect(Self.hasHangul(text) == (language == "ko"), "\(language)/\(name): \(key) = \(text)")
                }
            }
            for key in read {
                let (englishValues, englishTags) = try Self.placeholders(english[key] ?? "")
                let (koreanValues, koreanTags) = try Self.placeholders(korean[key] ?? "")
                #expect(englishValues == koreanValues && englishTags == koreanTags, "\(name): \(key)")
            }
        }
    }
}
