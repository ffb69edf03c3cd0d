import AuthflowHTTP
import AuthflowListener
import AuthflowParsing
import AuthflowTestSupport
import Testing

@testable import AuthflowCore

@Suite("Browser round: one listener per round, the options' presentation, the listener stopped after")
struct BrowserRoundTests {
    static let scheme = CallbackScheme(clientID: "123456.apps.googleusercontent.com")!
    static let page = "https://example.firebaseapp.com/__/auth/handler?eventId=OURS"
    static let answer = HandedOverHostedCallback.url("authType%3DverifyApp%26recaptchaToken%3Dt%26eventId%3DOURS")

    static func round(_ presentation: BrowserPresentation) -> BrowserRound<HostedVerifyAppAnswer> {
        BrowserRound.hosted(
            options: BrowserRoundOptions(rendezvous: nil, presentation: presentation), label: "test",
            check: HostedVerifyAppCallback.check(eventID: "OURS", scheme: scheme), scheme: scheme.scheme,
            successPage: ("Done", "Go back."))
    }

    /// Whether anything still answers on `port` of the loopback interface.
    static func answers(on port: UInt16) async -> Bool {
        let client = HTTPClient(configuration: HTTPClientConfiguration(proxy: .none))
        return (try? await client.send(HTTPRequest(url: "http://127.0.0.1:\(port)/callback"))) != nil
    }

    @Test(
        "The front end gets the page with the options' presentation and the scheme, the pasted answer is read once, and the listener stops when the round ends",
        arguments: [BrowserPresentation.printForPaste, .openBrowser(command: "true %s")])
    func hostedRound(presentation: BrowserPresentation) async throws {
        let presented = Recorder<BrowserPage>()
        let ports = Recorder<UInt16>()
        let answer = try await Self.round(presentation).run(
            url: { _ in Self.page }, callbackScheme: Self.scheme.scheme, listenFailed: { $0 },
            present: { page, listener in
                presented.append(page)
                ports.append(listener.port)
                _ = listener.submit(Self.answer)
            },
            wait: { listener throws(RedirectListenerError) in try await listener.callback(timeout: .seconds(30)) })

        #expect(try answer.token.get() == "t")
        #expect(
            presented.values == [
                BrowserPage(url: Self.page, callbackScheme: Self.scheme.scheme, presentation: presentation)
            ]
        )
        let port = try #require(ports.values.first)
        #expect(await !Self.answers(on: port), "the listener still answers after the round")
    }

    @Test("A round that keeps listening hands its listener over, and it serves until its owner stops it")
    func keepsListening() async throws {
        let kept = Recorder<RedirectListener<HostedVerifyAppAnswer>>()
        _ = try await Self.round(.printForPaste).run(
            url: { _ in Self.page }, listenFailed: { $0 }, keepsListening: true, listening: { kept.append($0) },
            present: { _, listener in _ = listener.submit(Self.answer) },
            wait: { listener throws(RedirectListenerError) in try await listener.callback(timeout: .seconds(30)) })

        let listener = try #require(kept.values.first)
        #expect(await Self.answers(on: listener.port))
        listener.stop()
        #expect(await !Self.answers(on: listener.port))
    }
}
