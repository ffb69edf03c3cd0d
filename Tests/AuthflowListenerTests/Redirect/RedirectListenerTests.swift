import AuthflowHTTP
import AuthflowListener
import AuthflowPrimitives
import AuthflowTestSupport
import Foundation
import Testing

@Suite("Redirect listener: state, single use, routes, handoff, paste, deadline")
struct RedirectListenerTests {
    private let client = HTTPClient(configuration: HTTPClientConfiguration(redirects: .doNotFollow, proxy: .none))

    private func listener(
        state: String = "s-123", schemes: [String] = [], rendezvous: RendezvousDirectory? = nil
    ) throws -> RedirectListener<RedirectCallback> {
        try RedirectListener(
            configuration: .init(
                check: .state(state), schemes: schemes, rendezvous: rendezvous, label: "test",
                templates: TemplateDirectory(searchPath: [
                    .init(path: TemplateDirectory.sourceTreeDirectory, origin: .sourceTree)
                ])
            ))
    }

    /// `url` as `handle-url` hands it over.
    private static func handed(_ url: String) throws -> RedirectCallback {
        try RedirectCallback(url: url, route: .handoff)
    }

    @Test("A wrong state gets 400 and the wait goes on; the right one ends it; a repeat gets 400")
    func stateAndSingleUse() async throws {
        let listener = try listener()
        defer { listener.stop() }

        let wrong = try await client.send(HTTPRequest(url: listener.redirectURI + "?state=other&code=x"))
        let missing = try await client.send(HTTPRequest(url: listener.redirectURI + "?code=x"))
        let right = try await client.send(HTTPRequest(url: listener.redirectURI + "?state=s-123&code=c%201+2"))
        let repeated = try await client.send(HTTPRequest(url: listener.redirectURI + "?state=s-123&code=again"))
        let callback = try await listener.callback(timeout: .seconds(30))

        #expect(wrong.status == 400)
        #expect(wrong.text.contains("does not match"))
        #expect(missing.status == 400)
        #expect(right.status == 200)
        #expect(right.text.contains("close this tab"))
        #expect(right.header("Cache-Control") == "no-store")
        #expect(repeated.status == 400)
        #expect(callback.parameters.value("code") == "c 1 2")
        #expect(callback.route == .http)
    }

    @Test(
        "A repeated state or code is refused (first-wins would let a second value slip by); so is a form_post whose body repeats the query's code"
    )
    func repeatedParameters() async throws {
        let listener = try listener()
        defer { listener.stop() }

        let twoStates = try await client.send(
            HTTPRequest(url: listener.redirectURI + "?state=s-123&state=other&code=x"))
        let twoCodes = try await client.send(HTTPRequest(url: listener.redirectURI + "?state=s-123&code=x&code=y"))
        let queryAndBody = try await client.send(
            HTTPRequest(
                method: .post, url: listener.redirectURI + "?code=from-query",
                headers: [HTTPHeader(name: "Content-Type", value: "application/x-www-form-urlencoded")],
                body: Array("state=s-123&code=from-body".utf8)
            ))
        let right = try await client.send(HTTPRequest(url: listener.redirectURI + "?state=s-123&code=one"))
        let callback = try await listener.callback(timeout: .seconds(30))

        #expect(twoStates.status == 400)
        #expect(twoStates.text.contains("state more than once"), "\(twoStates.text)")
        #expect(twoCodes.status == 400)
        #expect(twoCodes.text.contains("code more than once"))
        #expect(queryAndBody.status == 400)
        #expect(right.status == 200, "the refusals left the wait open")
        #expect(callback.parameters.value("code") == "one")
    }

    @Test("A form_post body carries the callback; an OAuth error is accepted as a failure page")
    func formPostAndError() async throws {
        let listener = try listener()
        defer { listener.stop() }

        let response = try await client.send(
            HTTPRequest(
                method: .post, url: listener.redirectURI,
                headers: [HTTPHeader(name: "Content-Type", value: "application/x-www-form-urlencoded")],
                body: Array("state=s-123&error=access_denied&error_description=User+said+no".utf8)
            ))
        let callback = try await listener.callback(timeout: .seconds(30))

        #expect(response.status == 200)
        // The server's own code and text inside the failure's sentence (its English, with no wording installed).
        #expect(
            response.text.contains("The authorization server answered with an error: access_denied (User said no)."))
        #expect(callback.parameters.value("error") == "access_denied")
    }

    @Test("A pasted callback with an OAuth error ends the wait with the typed failure, the server's text as data")
    func pastedError() async throws {
        let listener = try listener()
        defer { listener.stop() }

        let verdict = listener.submit(listener.redirectURI + "?state=s-123&error=access_denied")
        let callback = try await listener.callback(timeout: .seconds(30))

        guard case .acceptedWithError(let failure) = verdict else {
            Issue.record("not a failure: \(verdict)")
            return
        }
        #expect(failure as? RedirectFailure == .authorizationError(error: "access_denied", detail: nil))
        #expect(verdict == .acceptedWithError(RedirectFailure.authorizationError(error: "access_denied", detail: nil)))
        #expect(verdict != .acceptedWithError(RedirectFailure.authorizationError(error: "server_error", detail: nil)))
        #expect(callback.parameters.value("error") == "access_denied")
    }

    @Test("Stray paths and other methods get 404 and do not disturb the wait")
    func strayPaths() async throws {
        let listener = try listener()
        defer { listener.stop() }
        let origin = "http://127.0.0.1:\(listener.port)"

        for path in ["/favicon.ico", "/", "/callback/extra", "/.authflow/other"] {
            #expect(try await client.send(HTTPRequest(url: origin + path)).status == 404, "\(path)")
        }
        #expect(
            try await client.send(HTTPRequest(method: .put, url: listener.redirectURI + "?state=s-123")).status == 404)
        #expect(try await client.send(HTTPRequest(url: listener.redirectURI + "?state=s-123")).status == 200)
        #expect(try await listener.callback(timeout: .seconds(30)).route == .http)
    }

    @Test("No callback before the deadline is .timedOut; stop() ends a wait as .cancelled")
    func deadlineAndStop() async throws {
        let quiet = try listener()
        await #expect(throws: RedirectListenerError.timedOut(.milliseconds(300))) {
            try await quiet.callback(timeout: .milliseconds(300))
        }
        quiet.stop()

        let stopped = try listener()
        let waiting = Task { () async throws(RedirectListenerError) -> RedirectCallback in
            try await stopped.callback(timeout: .seconds(120))
        }
        try await Task.sleep(for: .milliseconds(100))
        stopped.stop()
        await #expect(throws: RedirectListenerError.cancelled) { try await waiting.value }
    }

    @Test("The rendezvous file is 0600 in a 0700 directory, names the port, and goes away on stop()")
    func rendezvousFile() async throws {
        let temporary = try TemporaryDirectory()
        let directory = RendezvousDirectory(path: temporary.file("authflow"))
        let listener = try listener(schemes: ["App-1-2"], rendezvous: directory)

        let flows = directory.waitingFlows()
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(flows.count == 1)
        #expect(flows.first?.port == listener.port)
        #expect(flows.first?.schemes == ["app-1-2"])
        #expect((flows.first?.secret.utf8.count ?? 0) >= 22)
        #expect(try permissions(directory.path) == 0o700)
        #expect(try permissions(directory.path + "/" + names[0]) == 0o600)

        listener.stop()
        #expect(directory.waitingFlows().isEmpty)
    }

    @Test(
        "handle-url's sender: a wrong secret is 401, a mismatched URL is refused with the reason, the right one accepted once"
    )
    func handoff() async throws {
        let temporary = try TemporaryDirectory()
        let directory = RendezvousDirectory(path: temporary.file("authflow"))
        let listener = try listener(schemes: ["app-1-2"], rendezvous: directory)
        defer { listener.stop() }
        let flow = try #require(directory.waitingFlows().first)
        var forged = flow
        forged.secret = "not-the-secret"

        let unauthorized = HandoffSender.send(try Self.handed("app-1-2://x?state=s-123"), to: forged)
        let mismatched = HandoffSender.send(try Self.handed("app-1-2://x?state=nope"), to: flow)
        let otherScheme = HandoffSender.deliver(try Self.handed("other://x?state=s-123"), to: [flow])
        let accepted = HandoffSender.send(try Self.handed("app-1-2://firebaseauth/link?code=c&state=s-123"), to: flow)
        let again = HandoffSender.send(try Self.handed("app-1-2://firebaseauth/link?code=d&state=s-123"), to: flow)
        let callback = try await listener.callback(timeout: .seconds(30))

        #expect(unauthorized == .unauthorized)
        guard case .rejected(let reason) = mismatched else {
            Issue.record("got \(mismatched)")
            return
        }
        #expect(reason == .coded(RedirectRejection.mismatchedParameter("state").code), "a code, not a sentence")
        #expect(otherScheme.isEmpty)
        #expect(accepted == .accepted)
        #expect(again == .alreadyCompleted)
        #expect(callback.route == .handoff)
        #expect(callback.parameters.value("code") == "c")
    }

    @Test(
        "A refusal crosses the handoff as a code (the English sentence as the body for older senders); an older listener's sentence is read as it is"
    )
    func refusalOnTheWire() async throws {
        let temporary = try TemporaryDirectory()
        let directory = RendezvousDirectory(path: temporary.file("authflow"))
        let listener = try listener(schemes: ["app-1-2"], rendezvous: directory)
        defer { listener.stop() }
        let flow = try #require(directory.waitingFlows().first)
        let missing = HandoffSender.send(try Self.handed("app-1-2://x?code=c"), to: flow)
        #expect(missing == .rejected(.coded(CallbackRejectionCode("missing-parameter", ["state"]))))

        let older = try LoopbackServer { request in
            Self.proving(request, key: "k") ?? .text("That is not this flow's.\n", status: 400)
        }
        defer { older.stop() }
        let olderFlow = Rendezvous(
            port: older.port, secret: "s", proofKey: "k", schemes: ["app-1-2"], pid: getpid(), label: "old")
        #expect(
            HandoffSender.send(try Self.handed("app-1-2://x"), to: olderFlow)
                == .rejected(.uncoded("That is not this flow's.")))

        let newer = try LoopbackServer { request in
            if let proof = Self.proving(request, key: "k") { return proof }
            var response = LoopbackResponse.text("Some newer reason.\n", status: 400)
            response.headers.append(HTTPHeader(name: "x-authflow-rejection", value: "reason=newer-reason&value=a%26b"))
            return response
        }
        defer { newer.stop() }
        let newerFlow = Rendezvous(
            port: newer.port, secret: "s", proofKey: "k", schemes: ["app-1-2"], pid: getpid(), label: "new")
        #expect(
            HandoffSender.send(try Self.handed("app-1-2://x"), to: newerFlow)
                == .rejected(.coded(CallbackRejectionCode("newer-reason", ["a&b"]))))
    }

    /// A listener's answer to a handoff proof request under `key`; nil for any other request.
    static func proving(_ request: LoopbackRequest, key: String) -> LoopbackResponse? {
        guard request.path == HandoffEndpoint.proofPath, let challenge = request.header(HandoffEndpoint.challengeHeader)
        else { return nil }
        return LoopbackResponse(
            status: 204,
            headers: [
                HTTPHeader(name: HandoffEndpoint.proofHeader, value: HandoffProof.answer(to: challenge, key: key))
            ])
    }

    @Test(
        "The sender sends nothing secret to what cannot prove it is the flow: a server that answers anything, one with a wrong proof"
    )
    func strangersAreNotTrusted() async throws {
        let temporary = try TemporaryDirectory()
        let directory = RendezvousDirectory(path: temporary.file("authflow"))
        let listener = try listener(schemes: ["app-1-2"], rendezvous: directory)
        let flow = try #require(directory.waitingFlows().first)
        listener.stop()
        let squatter = try PortSquatter(port: flow.port)
        defer { squatter.stop() }
        let wrongKey = try LoopbackServer { request in
            Self.proving(request, key: "not-the-key") ?? LoopbackResponse(status: 204)
        }
        defer { wrongKey.stop() }
        var impostor = flow
        impostor.port = wrongKey.port
        let callback = try Self.handed("app-1-2://x?state=s-123&code=the-code")

        #expect(HandoffSender.send(callback, to: flow) == .unproven)
        #expect(HandoffSender.send(callback, to: impostor) == .unproven)
        #expect(squatter.receivedText.contains(HandoffEndpoint.challengeHeader))
        #expect(!squatter.receivedText.contains(flow.secret) && !squatter.receivedText.contains("the-code"))
    }

    @Test("The listener's proof answers the challenge under its proof key, and only that key")
    func proof() async throws {
        let temporary = try TemporaryDirectory()
        let directory = RendezvousDirectory(path: temporary.file("authflow"))
        let listener = try listener(schemes: ["app-1-2"], rendezvous: directory)
        defer { listener.stop() }
        let flow = try #require(directory.waitingFlows().first)
        let challenge = HandoffProof.challenge()
        let answer = try #require(
            try await RawHTTPConnection.exchange(
                "GET \(HandoffEndpoint.proofPath) HTTP/1.1\r\nHost: 127.0.0.1:\(flow.port)\r\n"
                    + "\(HandoffEndpoint.challengeHeader): \(challenge)\r\nConnection: close\r\n\r\n",
                port: flow.port))
        let proof = try #require(answer.header(HandoffEndpoint.proofHeader))

        #expect(answer.status == 204)
        #expect(flow.proofKey.utf8.count >= 43 && flow.proofKey != flow.secret)
        #expect(HandoffProof.verify(proof, challenge: challenge, key: flow.proofKey))
        #expect(!HandoffProof.verify(proof, challenge: HandoffProof.challenge(), key: flow.proofKey))
        #expect(!HandoffProof.verify(proof, challenge: challenge, key: flow.secret))
        #expect(!answer.text.contains(flow.proofKey) && !answer.text.contains(flow.secret))
    }

    @Test("The answer to the callback that ends the wait is delivered, even when the owner stops at once")
    func answerSurvivesImmediateStop() async throws {
        let temporary = try TemporaryDirectory()
        let directory = RendezvousDirectory(path: temporary.file("authflow"))
        for round in 0..<20 {
            let listener = try listener(schemes: ["app-1-2"], rendezvous: directory)
            let flow = try #require(directory.waitingFlows().first)
            let owner = Task {
                _ = try? await listener.callback(timeout: .seconds(30))
                listener.stop()
            }
            let callback = try Self.handed("app-1-2://x?state=s-123")
            let outcome = await Task.detached { HandoffSender.send(callback, to: flow) }.value
            await owner.value
            #expect(outcome == .accepted, "round \(round)")
        }
    }

    @Test(
        "A state nested in deep_link_id is found, but not when repeated there; pasted URLs must be this flow's scheme or callback address"
    )
    func pasteAndNesting() async throws {
        let listener = try listener(schemes: ["app-1-2"])
        defer { listener.stop() }
        let inner = "https://p.firebaseapp.com/__/auth/callback?state=s-123&recaptchaToken=t"
        let nested =
            "app-1-2://firebaseauth/link?deep_link_id="
            + (inner.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")

        let twice = "https://p.firebaseapp.com/__/auth/callback?state=s-123&state=other"
        let nestedTwice =
            "app-1-2://firebaseauth/link?deep_link_id="
            + (twice.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
        #expect(listener.submit(nestedTwice) == .rejected(RedirectRejection.repeatedParameter("state")))
        #expect(listener.submit("other-scheme://x?state=s-123") != .accepted)
        #expect(listener.submit("http://127.0.0.1:1/callback?state=s-123") != .accepted)
        #expect(listener.submit("  \(nested)\n") == .accepted)
        #expect(try await listener.callback(timeout: .seconds(30)).route == .paste)
    }

    @Test("Tokens are base64url, at least 128 bits, and differ; comparison is exact")
    func tokens() {
        let tokens = (0..<100).map { _ in RandomToken.make() }
        #expect(Set(tokens).count == 100)
        #expect(
            tokens.allSatisfy {
                $0.utf8.count == 43 && $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
            })
        #expect(RandomToken.make(bytes: 1).utf8.count == 22)
        #expect(ConstantTime.equal("abc", "abc"))
        #expect(!ConstantTime.equal("abc", "abd"))
        #expect(!ConstantTime.equal("abc", "abcd"))
    }

    private func permissions(_ path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return (attributes[.posixPermissions] as? Int) ?? -1
    }
}
