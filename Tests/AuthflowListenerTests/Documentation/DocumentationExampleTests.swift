import AuthflowListener
import AuthflowPrimitives
import Foundation
import Testing

/// The Swift examples in the listener's doc comments and DocC article compile: each is written out below as the
/// body of a function the compiler checks (never run: they open a browser and wait for a person), and the test
/// checks that every example in the documentation is, line for line, one of these bodies.
@Suite("Documentation examples compile")
struct DocumentationExampleTests {
    /// The files whose ```swift blocks are examples, from the repository root.
    static let documented = [
        "Sources/AuthflowListener/Authorization/AuthorizationSession.swift",
        "Sources/AuthflowListener/Redirect/RedirectListener.swift",
        "Sources/AuthflowListener/AuthflowListener.docc/AuthflowListener.md",
    ]

    @Test("Every Swift example in the listener's documentation is compiled here, line for line")
    func examplesAreCompiled() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let compiled = Self.lines(of: try String(contentsOfFile: #filePath, encoding: .utf8))
        var examples = 0
        for file in Self.documented {
            let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
            for block in Self.swiftBlocks(in: text) where !block.isEmpty {
                // A package manifest's fragment is not code a function can hold.
                if block[0].hasPrefix("dependencies:") { continue }
                examples += 1
                #expect(Self.contains(compiled, block), "\(file): not compiled here:\n\(block.joined(separator: "\n"))")
            }
        }
        #expect(examples >= 4)
    }

    /// The ```swift blocks of `text` (a Markdown file, or doc comments with their `///` removed), each line trimmed.
    static func swiftBlocks(in text: String) -> [[String]] {
        var blocks: [[String]] = []
        var current: [String]?
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("///") { line = String(line.dropFirst(3)) }
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if current == nil, trimmed == "```swift" {
                current = []
            } else if let block = current, trimmed == "```" {
                blocks.append(block)
                current = nil
            } else if current != nil {
                current?.append(trimmed)
            }
        }
        return blocks
    }

    static func lines(of text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
    }

    static func contains(_ lines: [String], _ block: [String]) -> Bool {
        guard block.count <= lines.count else { return false }
        return (0...(lines.count - block.count)).contains { Array(lines[$0..<($0 + block.count)]) == block }
    }

    // MARK: - The examples, compiled

    /// ``AuthorizationSession``'s doc comment.
    func authorizationSessionComment() async throws {
        let session = try AuthorizationSession(
            endpoint: "https://idp.example/authorize", clientID: "my-client", scopes: ["openid", "email"])
        defer { session.stop() }
        print("If no browser opens, visit: \(session.url)")
        _ = session.openBrowser()
        let response = try await session.response(timeout: .seconds(300))
        let form = response.tokenRequest() // POST form.body to the token endpoint as TokenRequest.contentType
        _ = form
    }

    /// ``RedirectListener``'s doc comment.
    func redirectListenerComment() async throws {
        let state = RandomToken.make()
        let listener = try RedirectListener(configuration: .init(check: .state(state)))
        defer { listener.stop() }
        let query = QueryParameters(pairs: [("redirect_uri", listener.redirectURI), ("state", state)])
        _ = BrowserLauncher().open("https://provider.example/page?" + query.formEncoded)
        let callback = try await listener.callback(timeout: .seconds(300))
        print(callback.parameters.value("result") ?? "")
    }

    /// The DocC article's loopback server.
    func articleServer() throws {
        let server = try LoopbackServer { request in
            guard request.path == "/callback" else { return .text("Not found", status: 404) }
            print("Received \(request.target)")
            return .html("<p>You can close this tab.</p>")
        }
        defer { server.stop() }
        _ = BrowserLauncher().open("http://localhost:\(server.port)/callback")
    }

    /// The DocC article's authorization.
    func articleAuthorization() async throws {
        let session = try AuthorizationSession(
            endpoint: "https://idp.example/authorize", clientID: "my-client", scopes: ["openid", "email"])
        defer { session.stop() }
        print("If no browser opens, visit: \(session.url)")
        if case .failed(let failures) = session.openBrowser() {
            print("No browser started: \(failures.map(\.description).joined(separator: "; "))")
        }
        do {
            let response = try await session.response(timeout: .seconds(300))
            let form = response.tokenRequest()
            print("POST \(form.body.utf8.count) bytes of \(TokenRequest.contentType) to the token endpoint")
        } catch {
            switch error {
            case .failed(.denied(let code, let description, _)):
                print("The provider refused: \(code) \(description ?? "")")
            default: print("No code: \(error)")
            }
        }
    }
}
