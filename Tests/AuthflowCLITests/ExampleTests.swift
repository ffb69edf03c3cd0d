import AuthflowPrimitives
import AuthflowTestSupport
import Foundation
import Testing

/// The programs in examples/ run as documented.
@Suite("Examples")
struct ExampleTests {
    static var listenerExample: String {
        URL(fileURLWithPath: AuthflowCommand.binaryPath).deletingLastPathComponent()
            .appendingPathComponent("redirect-listener-example").path
    }

    @Test("The embedding example opens $BROWSER at a PKCE authorization URL and prints the code it got back")
    func embeddingExample() async throws {
        let home = try TemporaryDirectory()
        let browser = try ConsentingBrowser.install(at: home.file("browser"), code: "from-idp")

        let result = try await Subprocess.run(
            Self.listenerExample, arguments: ["https://idp.example/authorize", "client 1", "openid", "email"],
            environment: ["BROWSER": browser, "XDG_RUNTIME_DIR": home.path], timeout: .seconds(60))

        let opened = try String(contentsOfFile: browser + ".url", encoding: .utf8)
        #expect(result.exitCode == 0, "\(result.stdoutText)")
        #expect(result.stdoutText.hasSuffix("code=from-idp\n"))
        #expect(
            result.stdoutText.contains(
                "Token request (application/x-www-form-urlencoded): grant_type, code, redirect_uri, client_id, "
                    + "code_verifier\n"))
        #expect(
            opened.hasPrefix(
                "https://idp.example/authorize?response_type=code&client_id=client%201"
                    + "&redirect_uri=http%3A%2F%2F127.0.0.1%3A"))
        #expect(opened.contains("&scope=openid%20email&state="))
        #expect(opened.contains("&code_challenge_method=S256"))
    }

    @Test("The embedding example's self-test plays the provider and the person pasting, and gets its code")
    func embeddingExampleSelfTest() async throws {
        let home = try TemporaryDirectory()

        let result = try await Subprocess.run(
            Self.listenerExample, arguments: ["--self-test"], environment: ["XDG_RUNTIME_DIR": home.path],
            timeout: .seconds(60))

        let lines = result.stdoutText.split(separator: "\n")
        #expect(result.exitCode == 0, "\(result.stdoutText)")
        #expect(lines.first?.hasPrefix("Redirect URI: http://127.0.0.1:") == true)
        #expect(lines.contains("The pasted address was accepted"))
        #expect(lines.last == "code=self-test")
    }

    @Test("The shell example runs a PKCE authorization through authflow listen and prints the code and verifier")
    func shellExample() async throws {
        let home = try TemporaryDirectory()
        let browser = try ConsentingBrowser.install(at: home.file("browser"), code: "code-42")
        let script = AuthflowCommand.repositoryRoot.appendingPathComponent("examples/scripts/oauth-login.sh").path

        let result = try await Subprocess.run(
            "/bin/bash", arguments: [script],
            environment: [
                "AUTHFLOW": AuthflowCommand.binaryPath, "BROWSER": browser, "XDG_RUNTIME_DIR": home.path,
                "AUTHORIZE_URL": "https://idp.example/authorize", "CLIENT_ID": "client 1", "SCOPE": "openid email",
                "TOKEN_URL": "",
            ],
            timeout: .seconds(60))

        let opened = try String(contentsOfFile: browser + ".url", encoding: .utf8)
        let lines = result.stdoutText.split(separator: "\n")
        #expect(result.exitCode == 0, "\(result.stderrText)")
        #expect(lines.first == "code=code-42")
        #expect(lines.count == 3 && lines[1].hasPrefix("redirect_uri=http://127.0.0.1:") && lines[2].count > 50)
        #expect(opened.contains("client_id=client%201&scope=openid%20email&redirect_uri=http%3A%2F%2F127.0.0.1%3A"))
        #expect(opened.hasSuffix("&code_challenge_method=S256\n"))
        // The verifier the script printed is the one whose S256 challenge went to the browser.
        let verifier = lines.last.map { String($0.dropFirst("code_verifier=".count)) } ?? ""
        let challenge = Base64.encode(SHA256.digest(Array(verifier.utf8)), alphabet: .url)
        #expect(QueryParameters(url: opened.trimmingCharacters(in: .newlines)).value("code_challenge") == challenge)
    }
}
