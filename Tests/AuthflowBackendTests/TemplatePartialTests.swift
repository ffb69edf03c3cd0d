import AuthflowListener
import AuthflowTestSupport
import Foundation
import Testing

/// Partials (`{{> name}}`) are looked up like pages: a branded directory's copy wins, for the built-in pages
/// too; a partial it lacks comes from the built-in templates; a missing or self-including one is an error.
@Suite("Template partials")
struct TemplatePartialTests {
    private func write(_ text: String, to path: String) throws {
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    private func renderer(_ directories: TemporaryDirectory...) -> PageRenderer {
        let searchPath = directories.map { TemplateDirectory.Location(path: $0.path, origin: .explicit) }
        return PageRenderer(directory: TemplateDirectory(searchPath: searchPath))
    }

    private static let phoneContext: TemplateContext = [
        "state": "s", "phoneNumber": "+16505550100", "nonce": "n", "testWidget": true, "needsV2": true,
    ]

    @Test("A branded directory's partial replaces the built-in one in the built-in pages, in every language")
    func brandedPartialWins() throws {
        let user = try TemporaryDirectory()
        try write("/* branded script */\n", to: user.file("phone-recaptcha.js"))
        let renderer = renderer(user)

        for languages in [[], ["ko"]] {
            let page = try renderer.render("phone-recaptcha.html", Self.phoneContext, languages: languages)
            #expect(page.contains("<script nonce=\"n\">\n/* branded script */\n</script>"), "\(languages)")
            #expect(!page.contains("#authflow-texts [data-text]"), "\(languages)")
        }
        let korean = try renderer.render("phone-recaptcha.html", Self.phoneContext, languages: ["ko"])
        #expect(korean.contains("+16505550100(으)로 보낸 인증 코드를 입력하세요."), "still the built-in Korean page")
    }

    @Test("A branded page whose partial the directory lacks gets the built-in partial")
    func missingPartialFallsBack() throws {
        let user = try TemporaryDirectory()
        try write("<main>branded</main><script>\n{{> page-words.js}}\n</script>\n", to: user.file("b.html"))

        let page = try renderer(user).render("b.html", [:])
        let builtIn = try #require(BuiltInTemplates.text(named: "page-words.js"))
        #expect(page == "<main>branded</main><script>\n" + builtIn + "</script>\n")
    }

    @Test(
        "The built-in pages include the built-in partials when no directory holds them, a partial's own partial indented as its tag"
    )
    func builtInPagesIncludeTheirScript() throws {
        let empty = try TemporaryDirectory()
        let page = try renderer(empty).render("phone-recaptcha.html", Self.phoneContext)
        let words = try #require(BuiltInTemplates.text(named: "page-words.js"))
        let indented = words.split(separator: "\n").map { "  " + $0 + "\n" }.joined()
        let script = try #require(BuiltInTemplates.text(named: "phone-recaptcha.js"))
            .replacingOccurrences(of: "  {{> page-words.js}}\n", with: indented)
        #expect(script.contains("  var words = {};\n"))
        #expect(page.contains("<script nonce=\"n\">\n" + script + "</script>"))
        #expect(!page.contains("{{>"))
    }

    @Test("A partial's language edition wins for that language; the plain copy serves the others")
    func partialEditions() throws {
        let user = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: user.file("fr"), withIntermediateDirectories: true)
        try write("[{{> words.txt}}]", to: user.file("p.html"))
        try write("plain {{value}}", to: user.file("words.txt"))
        try write("français {{value}}", to: user.file("fr/words.txt"))
        let renderer = renderer(user)

        #expect(try renderer.render("p.html", ["value": "v"], languages: ["fr"]) == "[français v]")
        #expect(try renderer.render("p.html", ["value": "v"], languages: ["ko"]) == "[plain v]")
        #expect(try renderer.render("p.html", ["value": "v"]) == "[plain v]")
    }

    @Test("An earlier directory's partial wins over a later directory's, as pages do")
    func searchOrder() throws {
        let first = try TemporaryDirectory()
        let second = try TemporaryDirectory()
        try write("<{{> part.txt}}>", to: second.file("p.html"))
        try write("second", to: second.file("part.txt"))
        try write("first", to: first.file("part.txt"))

        #expect(try renderer(first, second).render("p.html", [:]) == "<first>")
        #expect(try renderer(second).render("p.html", [:]) == "<second>")
    }

    @Test("A partial found nowhere fails preload and render with its name, rather than rendering nothing")
    func missingPartialIsAnError() throws {
        let user = try TemporaryDirectory()
        try write("<p>{{> nowhere.js}}</p>", to: user.file("p.html"))
        let renderer = renderer(user)

        #expect {
            try renderer.preload(["p.html"])
        } throws: { error in
            guard case .notFound(let name, _) = error as? TemplateError else { return false }
            return name == "nowhere.js"
        }
        #expect(throws: TemplateError.self) { try renderer.render("p.html", [:]) }
    }

    @Test("A partial that includes itself, directly or through another, is a syntax error naming the tag")
    func cycles() throws {
        let user = try TemporaryDirectory()
        try write("page\n{{> a.txt}}", to: user.file("p.html"))
        try write("a {{> b.txt}}", to: user.file("a.txt"))
        try write("b\n  {{>a.txt}}", to: user.file("b.txt"))
        try write("{{> q.html}}", to: user.file("q.html"))
        let renderer = renderer(user)

        #expect(throws: TemplateError.syntax(path: user.file("b.txt"), line: 2, column: 3, reason: .partialCycle)) {
            try renderer.preload(["p.html"])
        }
        #expect(throws: TemplateError.syntax(path: user.file("q.html"), line: 1, column: 1, reason: .partialCycle)) {
            try renderer.render("q.html", [:])
        }
    }

    @Test("A broken partial is reported as a syntax error in its own file")
    func brokenPartial() throws {
        let user = try TemporaryDirectory()
        try write("{{> bad.txt}}", to: user.file("p.html"))
        try write("line\n{{#open}}", to: user.file("bad.txt"))

        #expect {
            try self.renderer(user).preload(["p.html"])
        } throws: { error in
            guard case .syntax(let path, _, _, let reason) = error as? TemplateError else { return false }
            return path == user.file("bad.txt") && reason == .missingSectionEnd
        }
    }
}
