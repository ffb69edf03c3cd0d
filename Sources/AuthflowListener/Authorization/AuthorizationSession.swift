import AuthflowPrimitives

/// One OAuth 2.0 authorization through the person's browser, as a native app does it (RFC 8252): a loopback
/// ``RedirectListener``, an ``AuthorizationRequest`` with PKCE (S256) and a CSPRNG `state` that returns to it,
/// and a checked ``AuthorizationResponse``, the way AppAuth's authorization session works.
///
/// ```swift
/// let session = try AuthorizationSession(
///     endpoint: "https://idp.example/authorize", clientID: "my-client", scopes: ["openid", "email"])
/// defer { session.stop() }
/// print("If no browser opens, visit: \(session.url)")
/// _ = session.openBrowser()
/// let response = try await session.response(timeout: .seconds(300))
/// let form = response.tokenRequest() // POST form.body to the token endpoint as TokenRequest.contentType
/// ```
///
/// The listener accepts the first callback that carries the request's `state` (compared in constant time) and
/// refuses every later one, so a code is handed back once. A callback with another state, none, or the state
/// twice is answered 400 and the wait goes on. A callback with the state and an `error` ends the wait with
/// ``AuthorizationError/failed(_:)`` holding the typed ``AuthorizationFailure``; the browser is shown the
/// "sign-in failed" page either way.
public final class AuthorizationSession: Sendable {
    /// The request the browser is sent with.
    public let request: AuthorizationRequest
    private let listener: RedirectListener<CheckedCallback>

    /// Starts a listener on `127.0.0.1` and `::1` at `path` on `port` (0 picks a free one) and makes the request
    /// to `endpoint` for `clientID` that returns to it, with fresh PKCE and `state` values. Result pages come from
    /// `templates`.
    public init(
        endpoint: String, clientID: String, scopes: [String] = [],
        additionalParameters: QueryParameters = QueryParameters(),
        port: UInt16 = 0, path: String = "/callback", templates: TemplateDirectory = .standard()
    ) throws(AuthorizationError) {
        let state = RandomToken.make()
        let listener: RedirectListener<CheckedCallback>
        do {
            listener = try RedirectListener(
                configuration: .init(
                    check: Self.check(state: state), port: port, path: path, rendezvous: nil,
                    label: "authorization", templates: templates))
        } catch {
            throw .listener(error)
        }
        do {
            request = try AuthorizationRequest(
                endpoint: endpoint, clientID: clientID, redirectURI: listener.redirectURI, scopes: scopes,
                state: state, additionalParameters: additionalParameters)
        } catch {
            listener.stop()
            throw .request(error)
        }
        self.listener = listener
    }

    /// The authorization URL to open: print it too, for a person whose browser did not come up.
    public var url: String { request.url }

    /// Where the provider sends the browser back to (`http://127.0.0.1:PORT/callback`).
    public var redirectURI: String { request.redirectURI }

    /// Opens ``url`` with `launcher` (by default `$BROWSER`, else `xdg-open`). A failure is reported, not thrown:
    /// the person can still open the printed URL by hand.
    public func openBrowser(with launcher: BrowserLauncher = BrowserLauncher()) -> BrowserLaunch {
        launcher.open(url)
    }

    /// Offers a callback URL the person pasted (a browser on another machine): judged like one that arrived over
    /// HTTP; the verdict says whether it ended the wait, or why not.
    public func submit(_ url: String) -> CallbackVerdict {
        listener.submit(url)
    }

    /// Waits for the callback and returns its checked answer; a failure, a timeout or a cancellation is thrown.
    /// The listener stops once the answer is in (the browser's page is still delivered).
    public func response(timeout: Duration) async throws(AuthorizationError) -> AuthorizationResponse {
        let answer: CheckedCallback
        do {
            answer = try await listener.callback(timeout: timeout)
        } catch {
            throw .listener(error)
        }
        listener.stop()
        switch answer.outcome {
        case .success(let code): return AuthorizationResponse(request: request, code: code, callback: answer.callback)
        case .failure(let failure): throw .failed(failure)
        }
    }

    /// Stops listening and ends a wait with ``RedirectListenerError/cancelled``; safe to call more than once.
    public func stop() {
        listener.stop()
    }

    /// The generic state check (``CallbackCheck/state(_:parameter:)``: constant time, one value only), then the
    /// code flow's own reading: `error` as a typed ``AuthorizationFailure``, else the `code`.
    static func check(state: String) -> CallbackCheck<CheckedCallback> {
        let stateCheck = CallbackCheck<RedirectCallback>.state(state)
        return CallbackCheck { callback in
            switch stateCheck.ruling(on: callback) {
            case .rejected(let reason):
                return .rejected(reason)
            case .acceptedWithError(let callback, _):
                let parameters = callback.parameters
                let failure = AuthorizationFailure.denied(
                    AuthorizationErrorCode(parameters.nonEmptyValue("error", rule: .firstWins) ?? ""),
                    description: parameters.nonEmptyValue("error_description", rule: .firstWins),
                    uri: parameters.nonEmptyValue("error_uri", rule: .firstWins))
                return .acceptedWithError(CheckedCallback(callback, .failure(failure)), failure: failure)
            case .accepted(let callback):
                guard let code = callback.parameters.nonEmptyValue("code", rule: .firstWins) else {
                    let failure = AuthorizationFailure.missingCode
                    return .acceptedWithError(CheckedCallback(callback, .failure(failure)), failure: failure)
                }
                return .accepted(CheckedCallback(callback, .success(code)))
            }
        }
    }
}

/// A callback the session's check accepted, and what it read from it: the code, or the failure.
struct CheckedCallback: Sendable {
    let callback: RedirectCallback
    let outcome: Result<String, AuthorizationFailure>

    init(_ callback: RedirectCallback, _ outcome: Result<String, AuthorizationFailure>) {
        self.callback = callback
        self.outcome = outcome
    }
}
