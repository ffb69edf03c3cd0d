import AuthflowHTTP
import AuthflowListener
import AuthflowPrimitives
import AuthflowTestSupport
import Foundation
import Testing

/// A whole authorization over real loopback HTTP: the session's listener, libcurl as the browser (following the
/// provider's redirect back), and a stand-in authorization server at the identity-provider boundary.
@Suite("Authorization session: PKCE, state, single use, typed errors")
struct AuthorizationSessionTests {
    /// The browser: follows the provider's 302 back to the listener, as a browser does.
    private let browser = HTTPClient(configuration: HTTPClientConfiguration(proxy: .none))
    private static let templates = TemplateDirectory(searchPath: [
        .init(path: TemplateDirectory.sourceTreeDirectory, origin: .sourceTree)
    ])

    private func session(provider: StandInProvider, scopes: [String] = ["openid"]) throws -> AuthorizationSession {
        try AuthorizationSession(
            endpoint: provider.server.url("/authorize"), clientID: "client 1", scopes: scopes,
            templates: Self.templates)
    }

    @Test("The provider redirects back with a code, which the verifier redeems at its token endpoint")
    func fullRound() async throws {
        let provider = try StandInProvider()
        defer { provider.server.stop() }
        let session = try session(provider: provider, scopes: ["openid", "email"])
        defer { session.stop() }

        let page = try await browser.send(HTTPRequest(url: session.url))
        let response = try await session.response(timeout: .seconds(30))
        let form = response.tokenRequest()
        let token = try await browser.send(
            HTTPRequest(
                method: .post, url: provider.server.url("/token"),
                headers: [HTTPHeader(name: "Content-Type", value: TokenRequest.contentType)],
                body: Array(form.body.utf8)
            ))

        let asked = try #require(provider.authorizations.last)
        #expect(page.status == 200, "the browser ended on the listener's page")
        #expect(page.text.contains("close this tab"))
        #expect(asked.value("client_id") == "client 1")
        #expect(asked.value("scope") == "openid email")
        #expect(asked.value("redirect_uri") == session.redirectURI)
        #expect(asked.value("code_challenge_method") == "S256")
        #expect(response.code == "code-1")
        #expect(response.issuer == provider.server.url(""))
        #expect(token.status == 200, "\(token.text)")
        #expect(token.text == #"{"access_token":"token-for-code-1"}"#)
    }

    @Test("A callback with another state is refused with 400 and the wait goes on")
    func stateMismatch() async throws {
        let provider = try StandInProvider()
        defer { provider.server.stop() }
        let session = try session(provider: provider)
        defer { session.stop() }

        let forged = try await browser.send(HTTPRequest(url: session.redirectURI + "?code=forged&state=other"))
        let stateless = try await browser.send(HTTPRequest(url: session.redirectURI + "?code=forged"))
        _ = try await browser.send(HTTPRequest(url: session.url))
        let response = try await session.response(timeout: .seconds(30))

        #expect(forged.status == 400)
        #expect(forged.text.contains("does not match"))
        #expect(stateless.status == 400)
        #expect(response.code == "code-1", "the forged codes were not taken")
    }

    @Test("A replayed callback is refused: the first answer is the only one")
    func replay() async throws {
        let provider = try StandInProvider()
        defer { provider.server.stop() }
        let session = try session(provider: provider)
        defer { session.stop() }
        let state = try #require(QueryParameters(url: session.url).value("state"))
        let callback = session.redirectURI + "?code=first&state=" + PercentEncoding.encodeUnreserved(state)

        let first = try await browser.send(HTTPRequest(url: callback))
        let again = try await browser.send(HTTPRequest(url: callback.replacing("code=first", with: "code=second")))
        let pasted = session.submit(callback)
        let response = try await session.response(timeout: .seconds(30))

        #expect(first.status == 200)
        #expect(again.status == 400)
        #expect(again.text.contains("already received its answer"))
        #expect(pasted == .rejected(RedirectRejection.alreadyAnswered))
        #expect(response.code == "first")
    }

    @Test("The provider's error comes back typed, with its description, and the browser sees the failure page")
    func providerError() async throws {
        let provider = try StandInProvider(refusal: ("access_denied", "The user said no"))
        defer { provider.server.stop() }
        let session = try session(provider: provider)
        defer { session.stop() }

        let page = try await browser.send(HTTPRequest(url: session.url))
        let error = await #expect(throws: AuthorizationError.self) { try await session.response(timeout: .seconds(30)) }

        #expect(
            error == .failed(.denied(.accessDenied, description: "The user said no", uri: "https://idp.example/help")))
        #expect(page.status == 200)
        #expect(page.text.contains("The user said no"))
        #expect(AuthorizationErrorCode("login_required") == .other("login_required"))
    }

    @Test("A callback with the state but no code ends the wait as a typed failure")
    func missingCode() async throws {
        let provider = try StandInProvider()
        defer { provider.server.stop() }
        let session = try session(provider: provider)
        defer { session.stop() }
        let state = try #require(QueryParameters(url: session.url).value("state"))

        _ = try await browser.send(HTTPRequest(url: session.redirectURI + "?state=" + state))
        let error = await #expect(throws: AuthorizationError.self) { try await session.response(timeout: .seconds(30)) }

        #expect(error == .failed(.missingCode))
    }

    @Test("openBrowser hands the URL to the launcher; a consenting browser brings the code back")
    func opensBrowser() async throws {
        let directory = try TemporaryDirectory()
        let script = try ConsentingBrowser.install(at: directory.file("browser"), code: "from-browser")
        let provider = try StandInProvider()
        defer { provider.server.stop() }
        let session = try session(provider: provider)
        defer { session.stop() }

        let launch = session.openBrowser(
            with: BrowserLauncher(browser: script, environment: ["PATH": "/usr/bin:/bin"]))
        let response = try await session.response(timeout: .seconds(30))

        #expect(launch == .opened(command: script))
        #expect(try String(contentsOfFile: script + ".url", encoding: .utf8) == session.url + "\n")
        #expect(response.code == "from-browser")
    }

    @Test("No callback before the deadline ends the wait with the listener's timeout")
    func timeout() async throws {
        let provider = try StandInProvider()
        defer { provider.server.stop() }
        let session = try session(provider: provider)
        defer { session.stop() }

        let error = await #expect(throws: AuthorizationError.self) {
            try await session.response(timeout: .milliseconds(200))
        }

        #expect(error == .listener(.timedOut(.milliseconds(200))))
    }
}

/// The identity provider's side, standing in at the boundary: an authorization endpoint that redirects the
/// browser back to `redirect_uri` with a code (or `refusal` as an `error`), and a token endpoint that redeems the
/// code only with the verifier whose S256 challenge it was given.
private final class StandInProvider: Sendable {
    let server: LoopbackServer
    private let recorded = Recorder<QueryParameters>()

    /// The query of each authorization request.
    var authorizations: [QueryParameters] { recorded.values }

    init(refusal: (error: String, description: String)? = nil) throws {
        let recorded = self.recorded
        let issuer = Recorder<String>()
        server = try LoopbackServer { request in
            switch request.path {
            case "/authorize":
                let query = QueryParameters(query: (request.query ?? "")[...])
                recorded.append(query)
                guard let redirect = query.value("redirect_uri"), let state = query.value("state") else {
                    return .text("no redirect_uri or state", status: 400)
                }
                var answer = QueryParameters()
                if let refusal {
                    answer.set("error", refusal.error)
                    answer.set("error_description", refusal.description)
                    answer.set("error_uri", "https://idp.example/help")
                } else {
                    answer.set("code", "code-\(recorded.values.count)")
                    answer.set("iss", issuer.last ?? "")
                }
                answer.set("state", state)
                return .redirect(to: redirect + "?" + answer.formEncoded)
            case "/token":
                let form = QueryParameters(form: request.text)
                guard let asked = recorded.values.last, form.value("grant_type") == "authorization_code",
                    form.value("code") == "code-\(recorded.values.count)",
                    form.value("redirect_uri") == asked.value("redirect_uri"),
                    form.value("client_id") == asked.value("client_id"),
                    let verifier = form.value("code_verifier"),
                    Base64.encode(SHA256.digest(Array(verifier.utf8)), alphabet: .url) == asked.value("code_challenge")
                else {
                    return .text(#"{"error":"invalid_grant"}"#, status: 400)
                }
                return .text(#"{"access_token":"token-for-\#(form.value("code") ?? "")"}"#)
            default:
                return .text("not found", status: 404)
            }
        }
        issuer.append(server.url(""))
    }
}
