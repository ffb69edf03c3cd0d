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

    @Test("The compiled-in pages are exactly templates/*.html (run scripts/generate-builtin-templates if not)")
    func matchesTheFolder() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.templatesFolder.path)
            .filter { $0.hasSuffix(".html") }.sorted()
        #expect(BuiltInTemplates.names == files)
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
}
