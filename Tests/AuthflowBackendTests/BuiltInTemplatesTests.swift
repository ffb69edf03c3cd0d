import AuthflowListener
import AuthflowTestSupport
import Foundation
import Testing

/// The default pages are compiled into the binary from `templates/` (scripts/generate-builtin-templates):
/// the compiled copy must match the folder exactly, and serves when no directory holds a page.
@Suite("Built-in templates")
struct BuiltInTemplatesTests {
    static var templatesFolder: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("templates")
    }

    @Test(
        "The compiled-in pages and partials are exactly templates/*.html, *.js and templates/<lang>/*.html, *.js (else regenerate them)"
    )
    func matchesTheFolder() throws {
        let top = try FileManager.default.contentsOfDirectory(atPath: Self.templatesFolder.path)
        let languages = top.filter { !$0.contains(".") }
        func isTemplate(_ file: String) -> Bool { file.hasSuffix(".html") || file.hasSuffix(".js") }
        var files = top.filter(isTemplate)
        for language in languages {
            files += try FileManager.default
                .contentsOfDirectory(atPath: Self.templatesFolder.appendingPathComponent(language).path)
                .filter(isTemplate).map { "\(language)/\($0)" }
        }
        files.sort()
        #expect(languages.contains("ko"))
        #expect(top.filter { $0.hasSuffix(".js") }.sorted() == BuiltInTemplates.partialNames)
        #expect(!BuiltInTemplates.partialNames.isEmpty, "the pages' scripts are partials")
        #expect(
            (BuiltInTemplates.names + BuiltInTemplates.partialNames + BuiltInTemplates.editionNames).sorted() == files)
        for name in files {
            let onDisk = try String(contentsOf: Self.templatesFolder.appendingPathComponent(name), encoding: .utf8)
            #expect(BuiltInTemplates.text(named: name) == onDisk, "\(name) differs from its compiled-in copy")
        }
    }

    @Test("With no directory holding the pages (a copied binary), the real pages render, not a fallback")
    func servesWithoutAFolder() throws {
        let empty = try TemporaryDirectory()
        let renderer = PageRenderer(
            directory: TemplateDirectory(searchPath: [
                .init(path: empty.path, origin: .installed), .init(path: "/nonexistent/templates", origin: .sourceTree),
            ]))
        try renderer.preload(BuiltInTemplates.names)

        let page = try renderer.render("callback-received.html", ["title": "Received", "message": "All done."])
        let folderPage = try String(
            contentsOf: Self.templatesFolder.appendingPathComponent("callback-received.html"), encoding: .utf8)
        #expect(page.contains("All done.") && page.contains("<!DOCTYPE html>"))
        #expect(folderPage.contains("<!DOCTYPE html>"))
        #expect(throws: TemplateError.self) { try renderer.render("not-a-page.html", [:]) }
    }

    @Test("A branded copy still wins over the compiled-in page")
    func brandedCopyWins() throws {
        let user = try TemporaryDirectory()
        try "<p>branded {{message}}</p>".write(
            toFile: user.file("callback-received.html"), atomically: true, encoding: .utf8)
        let renderer = PageRenderer(
            directory: TemplateDirectory(searchPath: [.init(path: user.path, origin: .explicit)]))

        #expect(try renderer.render("callback-received.html", ["message": "hi"]) == "<p>branded hi</p>")
    }

    @Test("Every page has a Korean edition, marked lang=\"ko\" with Korean fonts first and Korean words")
    func everyPageHasKorean() throws {
        for name in BuiltInTemplates.names {
            let korean = try #require(BuiltInTemplates.text(named: name, languages: ["ko-KR", "ko"]), "\(name)")
            #expect(korean.contains(#"<html lang="ko">"#), "\(name)")
            #expect(korean.contains("Noto Sans CJK KR") && korean.contains("word-break: keep-all"), "\(name)")
            #expect(korean != BuiltInTemplates.text(named: name), "\(name)")
        }
    }

    @Test("A copied binary serves the Korean edition when Korean is wanted, and the English one otherwise")
    func koreanWithoutAFolder() throws {
        let empty = try TemporaryDirectory()
        let directory = TemplateDirectory(searchPath: [.init(path: empty.path, origin: .installed)])
        var korean = directory
        korean.languages = ["ko-KR", "ko"]
        let context: TemplateContext = ["title": "t", "message": "m"]

        let page = try PageRenderer(directory: korean).render("callback-received.html", context)
        let english = try PageRenderer(directory: directory).render("callback-received.html", context)
        #expect(page.contains("이 탭을 닫고 터미널로 돌아가세요.") && page.contains(#"lang="ko""#))
        #expect(english.contains("You can close this tab") && english.contains(#"lang="en""#))
        let chosen = try PageRenderer(directory: directory).render("callback-failed.html", context, languages: ["ko"])
        #expect(chosen.contains(#"lang="ko""#))
    }

    @Test("A branded directory brings its own languages, and its English page wins over a built-in edition")
    func brandedLanguages() throws {
        let user = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: user.file("fr"), withIntermediateDirectories: true)
        try "<p>fr {{message}}</p>".write(
            toFile: user.file("fr/callback-received.html"), atomically: true, encoding: .utf8)
        try "<p>en {{message}}</p>".write(
            toFile: user.file("callback-failed.html"), atomically: true, encoding: .utf8)
        let search = TemplateDirectory(searchPath: [.init(path: user.path, origin: .explicit)])

        let renderer = PageRenderer(directory: search)
        #expect(try renderer.render("callback-received.html", ["message": "x"], languages: ["fr"]) == "<p>fr x</p>")
        #expect(try renderer.render("callback-failed.html", ["message": "x"], languages: ["ko"]) == "<p>en x</p>")
        // A language name never leaves the directory, even towards a file that is there.
        let sideways = "../" + URL(fileURLWithPath: user.path).lastPathComponent + "/fr"
        #expect(throws: TemplateError.self) { try search.locate("callback-received.html", languages: [sideways]) }
    }

    @Test("Each edition keeps its English page's machinery: the same {{…}} tags, ids, data- attributes and scripts")
    func editionsKeepTheMachinery() throws {
        let patterns = [#"\{\{[^}]*\}\}"#, #"id="[^"]*""#, #"data-[a-z-]+="#, #"<script[^>]*>"#, "getElementById"]
        let regexes = try patterns.map { try Regex($0) }
        // An edition names its own language (`lang="ko"`) where the English page may take `{{lang}}`.
        func machinery(_ page: String) -> [String] {
            regexes.flatMap { regex in page.ranges(of: regex).map { String(page[$0]) } }
                .filter { $0 != "{{lang}}" }.sorted()
        }
        for edition in BuiltInTemplates.editionNames {
            let name = String(edition.split(separator: "/").last ?? "")
            let english = try #require(BuiltInTemplates.text(named: name), "\(edition) has no English page")
            let translated = try #require(BuiltInTemplates.text(named: edition))
            #expect(machinery(translated) == machinery(english), "\(edition) differs from \(name) beyond its words")
        }
    }
}
