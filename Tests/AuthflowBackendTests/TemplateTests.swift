import AuthflowBackend
import AuthflowHTTP
import AuthflowListener
import AuthflowTestSupport
import Foundation
import Testing

@Suite("Template lookup and rendering")
struct TemplateTests {
    private func write(_ text: String, to path: String) throws {
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    @Test("The standard search path is --templates, AUTHFLOW_TEMPLATES, installed, then the source tree")
    func searchOrder() throws {
        let directory = TemplateDirectory.standard(
            explicit: "/tmp/mine", environment: ["AUTHFLOW_TEMPLATES": "/tmp/env"])

        let origins = directory.searchPath.map(\.origin)
        #expect(origins.first == .explicit)
        #expect(origins.dropFirst().first == .environment)
        #expect(origins.last == .sourceTree)
        #expect(directory.searchPath.map(\.path).prefix(2) == ["/tmp/mine", "/tmp/env"])
        #expect(directory.searchPath.last?.path.hasSuffix("/templates") == true)
        if let installed = directory.searchPath.first(where: { $0.origin == .installed }) {
            #expect(installed.path.hasSuffix("share/authflow/templates"))
        }
        let empty = TemplateDirectory.standard(explicit: "", environment: ["AUTHFLOW_TEMPLATES": ""])
        #expect(!empty.searchPath.contains { $0.origin.isUserChoice })
    }

    @Test("The source tree holds every page the backend serves")
    func builtInPagesExist() throws {
        let directory = TemplateDirectory(searchPath: [
            .init(path: TemplateDirectory.sourceTreeDirectory, origin: .sourceTree)
        ])
        for name in [
            "emulator-idp-widget.html", "recaptcha-verify-app.html", "custom-scheme-handoff.html", "backend-error.html",
        ] {
            #expect(try directory.locate(name).location.origin == .sourceTree)
        }
    }

    @Test("A user directory wins for the pages it has; the others fall back to the built-in ones")
    func fallback() throws {
        let user = try TemporaryDirectory()
        try write("<p>branded {{message}}</p>", to: user.file("backend-error.html"))
        let directory = TemplateDirectory.standard(explicit: user.path, environment: [:])

        #expect(try directory.locate("backend-error.html").path == user.file("backend-error.html"))
        #expect(try directory.locate("emulator-idp-widget.html").location.origin == .sourceTree)
        let rendered = try PageRenderer(directory: directory).render("backend-error.html", ["message": "hello"])
        #expect(rendered == "<p>branded hello</p>")
    }

    @Test("The environment directory comes before the built-in ones, after --templates")
    func environmentOrder() throws {
        let explicit = try TemporaryDirectory()
        let environment = try TemporaryDirectory()
        try write("env", to: environment.file("backend-error.html"))
        try write("env", to: environment.file("recaptcha-verify-app.html"))
        try write("explicit", to: explicit.file("recaptcha-verify-app.html"))
        let directory = TemplateDirectory.standard(
            explicit: explicit.path, environment: ["AUTHFLOW_TEMPLATES": environment.path])

        #expect(try directory.locate("recaptcha-verify-app.html").location.origin == .explicit)
        #expect(try directory.locate("backend-error.html").location.origin == .environment)
    }

    @Test("Values are HTML-escaped, quotes included")
    func escaping() throws {
        let user = try TemporaryDirectory()
        try write(
            #"<a title="{{value}}">{{value}}</a>{{#items}}[{{name}}]{{/items}}{{^missing}}none{{/missing}}"#,
            to: user.file("t.html"))
        let renderer = PageRenderer(
            directory: TemplateDirectory(searchPath: [.init(path: user.path, origin: .explicit)]))

        let rendered = try renderer.render(
            "t.html",
            [
                "value": #"<script>"x" & 'y'</script>"#,
                "items": [["name": "a<b"], ["name": "c"]],
            ])

        #expect(
            rendered
                == #"<a title="&lt;script&gt;&quot;x&quot; &amp; &#39;y&#39;&lt;/script&gt;">&lt;script&gt;&quot;x&quot; &amp; &#39;y&#39;&lt;/script&gt;</a>[a&lt;b][c]none"#
        )
    }

    @Test("A syntax error in a user's template names the file, line and column")
    func syntaxError() throws {
        let user = try TemporaryDirectory()
        try write("<p>fine</p>\n<p>{{#open}} never closed</p>\n", to: user.file("broken.html"))
        let renderer = PageRenderer(
            directory: TemplateDirectory(searchPath: [.init(path: user.path, origin: .explicit)]))

        #expect {
            try renderer.preload(["broken.html"])
        } throws: { error in
            guard case .syntax(let path, let line, _, let reason)? = error as? TemplateError else { return false }
            return path == user.file("broken.html") && line >= 2 && reason == .missingSectionEnd
                && (error as? TemplateError)?.description.contains("line \(line)") == true
        }
    }

    @Test("A missing template lists every place searched; a missing user directory and a bad name are errors")
    func missing() throws {
        let user = try TemporaryDirectory()
        let directory = TemplateDirectory(searchPath: [
            .init(path: user.path, origin: .explicit), .init(path: "/nonexistent/templates", origin: .sourceTree),
        ])

        #expect(throws: TemplateError.notFound(name: "nope.html", searched: directory.searchPath)) {
            try directory.locate("nope.html")
        }
        let description = TemplateError.notFound(name: "nope.html", searched: directory.searchPath).description
        // The CLI's `--templates`: ErrorWordingTests.
        #expect(
            description.contains(user.path) && description.contains("/nonexistent/templates")
                && description.contains("the directory given"))
        #expect(throws: TemplateError.invalidName("../etc/passwd")) { try directory.locate("../etc/passwd") }
        let typo = TemplateDirectory.standard(explicit: user.path + "/typo", environment: [:])
        #expect(throws: TemplateError.directoryMissing(.init(path: user.path + "/typo", origin: .explicit))) {
            try typo.validateUserDirectories()
        }
    }

    @Test("The backend refuses to start with a broken user template, and serves a branded page otherwise")
    func backendUsesTemplates() async throws {
        let broken = try TemporaryDirectory()
        try write("{{#x}}", to: broken.file("backend-error.html"))
        #expect {
            _ = try EmbeddedBackend(configuration: .init(templates: .standard(explicit: broken.path, environment: [:])))
        } throws: { error in
            guard case .templates(.syntax)? = error as? EmbeddedBackendError else { return false }
            return true
        }

        let branded = try TemporaryDirectory()
        try write("<h1>ACME: {{message}}</h1>", to: branded.file("backend-error.html"))
        let backend = try EmbeddedBackend(
            configuration: .init(templates: .standard(explicit: branded.path, environment: [:])))
        defer { backend.stop() }
        let client = HTTPClient(configuration: HTTPClientConfiguration(proxy: .none))
        let page = try await client.send(HTTPRequest(url: backend.baseURL + "/__/auth/handler?authType=verifyApp"))
        #expect(page.status == 400)
        #expect(page.text == "<h1>ACME: The apiKey parameter is missing.</h1>")
    }
}
