import AuthflowHTTP

/// Sends typed requests to the Identity Toolkit and secure-token APIs (or an Auth Emulator) and decodes the
/// replies.
///
/// Each call builds the URL and headers from ``configuration``, fills in the configured tenant, sends with
/// ``HTTPClient``, retries when the endpoint allows it, and maps failures to ``IdentityToolkitError``.
public struct IdentityToolkitClient: Sendable {
    /// Server, key and headers for every call.
    public let configuration: IdentityToolkitConfiguration
    /// The transport; share one per process. Whatever redirect policy it was given, this client's copy never
    /// follows a redirect: a 3xx would carry the API key, the body's credentials and the headers to a host
    /// they were not meant for.
    public let http: HTTPClient

    /// Told about every attempt after it ends, for `--verbose` output. It sees the endpoint, status and
    /// timing, never a body or a header, so it cannot leak credentials.
    public let observer: (@Sendable (ExchangeRecord) -> Void)?

    /// Where the `X-Firebase-AppCheck` token comes from; `nil` sends none. App Check's own exchanges never
    /// carry one.
    public let appCheck: (any AppCheckTokenProvider)?

    /// A client for `configuration` over `http`, with redirects turned off (see ``http``).
    public init(
        configuration: IdentityToolkitConfiguration,
        http: HTTPClient = HTTPClient(configuration: .init()),
        observer: (@Sendable (ExchangeRecord) -> Void)? = nil,
        appCheck: (any AppCheckTokenProvider)? = nil
    ) {
        self.configuration = configuration
        var transport = http.configuration
        transport.redirects = .doNotFollow
        self.http = HTTPClient(configuration: transport)
        self.observer = observer
        self.appCheck = appCheck
    }

    /// The same client with `provider` as its App Check token source.
    public func withAppCheck(_ provider: (any AppCheckTokenProvider)?) -> IdentityToolkitClient {
        IdentityToolkitClient(configuration: configuration, http: http, observer: observer, appCheck: provider)
    }

    /// The App Check token requests carry now, for the `#fac=` fragment of hosted-handler pages; `nil` when no
    /// source is configured. After a failure the SDKs carry on from, it is ``AppCheckPlaceholder/token``
    /// (``AppCheckTokenProvider/tokenForRequest()``), which the hosted pages get too, as in the SDKs.
    public func appCheckToken() async throws(IdentityToolkitError) -> String? {
        guard let appCheck else { return nil }
        do {
            return try await appCheck.tokenForRequest()
        } catch {
            throw .appCheck(error)
        }
    }

    /// Sends `request` and returns its decoded reply.
    ///
    /// Reads (`accounts:lookup`, `createAuthUri`, the project and reCAPTCHA configuration) and the token refresh
    /// are retried per ``IdentityToolkitConfiguration/retry`` after network failures and 5xx/429 replies,
    /// waiting at least what a `Retry-After` asks (up to ``RetryPolicy/retryAfterLimit``); everything else
    /// (SMS, email, anything that consumes a code) is sent exactly once. The HTTP client's
    /// ``HTTPClientConfiguration/totalTimeout`` bounds the whole call, retries and waits included: each
    /// attempt gets what is left of it, and no retry starts that could not finish in time. A 3xx reply is never followed nor retried: it
    /// fails with ``IdentityToolkitError/redirected(_:)``.
    public func send<R: IdentityToolkitRequest>(_ request: R) async throws(IdentityToolkitError) -> R.Response {
        guard !configuration.apiKey.isEmpty else {
            throw .invalidRequest(.missingAPIKey)
        }
        let request = withDefaultTenant(request)
        try request.validate()
        let token = R.endpoint.service == .appCheck ? nil : try await appCheckToken()
        let httpRequest = try RequestBuilder(configuration: configuration)
            .httpRequest(for: request, appCheckToken: token)
        let interpreter = ResponseInterpreter<R.Response>(secrets: {
            Redaction.secrets(in: request) + (token.map { [$0] } ?? [])
        })
        let policy = configuration.retry
        let attempts = R.endpoint.isSafeToRetry ? policy.maxAttempts : 1

        // A budget shared with the command's other requests may have less left than a call's own limit.
        let limit = min(http.configuration.totalTimeout, http.configuration.budget?.left ?? .seconds(Int64.max))
        let deadline = ContinuousClock.now + max(limit, .zero)
        let named = min(http.configuration.totalTimeout, http.configuration.budget?.total ?? .seconds(Int64.max))
        var attempt = 1
        while true {
            let canRetry = attempt < attempts
            let response: HTTPResponse
            let started = ContinuousClock.now
            do {
                response = try await client(until: deadline).send(httpRequest)
                observer?(
                    ExchangeRecord(
                        endpoint: R.endpoint, server: configuration.server, attempt: attempt,
                        outcome: .status(response.status), duration: ContinuousClock.now - started))
            } catch var error {
                // An attempt cut to what was left still names the whole limit it was part of.
                if case .timedOut(.total, _) = error { error = .timedOut(phase: .total, limit: named) }
                observer?(
                    ExchangeRecord(
                        endpoint: R.endpoint, server: configuration.server, attempt: attempt,
                        outcome: .failed(error.description), duration: ContinuousClock.now - started))
                guard canRetry, RetryRule.isTransient(error),
                    let delay = retryDelay(beforeRetry: attempt, policy: policy, hint: nil, deadline: deadline)
                else { throw .network(error) }
                try await wait(delay, policy: policy)
                attempt += 1
                continue
            }
            if let redirect = RefusedRedirect(response) {
                throw .redirected(redirect)
            }
            if canRetry, RetryRule.isTransient(status: response.status),
                let delay = retryDelay(
                    beforeRetry: attempt, policy: policy, hint: RetryAfter.delay(response.header("Retry-After")),
                    deadline: deadline)
            {
                try await wait(delay, policy: policy)
                attempt += 1
                continue
            }
            do {
                return try interpreter.interpret(response)
            } catch {
                throw await appCheckRefusal(error, sent: token)
            }
        }
    }

    /// A refusal of the App Check token that was sent becomes ``IdentityToolkitError/appCheck(_:)``, and the
    /// provider forgets that token (a refused placeholder is ``AppCheckFailure/Problem/placeholderRefused(_:)``);
    /// every other error stays as it is.
    private func appCheckRefusal(_ error: IdentityToolkitError, sent token: String?) async -> IdentityToolkitError {
        guard let token, let appCheck, let server = error.serverError, server.code == .appCheckTokenInvalid else {
            return error
        }
        if token == AppCheckPlaceholder.token {
            return .appCheck(AppCheckFailure(source: appCheck.source, problem: .placeholderRefused(server)))
        }
        await appCheck.discard(token)
        return .appCheck(AppCheckFailure(source: appCheck.source, problem: .rejected(server)))
    }

    /// The HTTP client for one attempt: its time limits cut to what is left before `deadline`.
    private func client(until deadline: ContinuousClock.Instant) -> HTTPClient {
        let left = max(deadline - ContinuousClock.now, .milliseconds(1))
        guard left < http.configuration.totalTimeout else { return http }
        var settings = http.configuration
        settings.totalTimeout = left
        settings.connectTimeout = min(settings.connectTimeout, left)
        return HTTPClient(configuration: settings)
    }

    /// The wait before retry number `retry`: the backoff, or the server's `Retry-After` (capped) when longer;
    /// nil when the retry could not start before `deadline`.
    private func retryDelay(
        beforeRetry retry: Int, policy: RetryPolicy, hint: Duration?, deadline: ContinuousClock.Instant
    ) -> Duration? {
        var delay = policy.delay(beforeRetry: retry)
        if let hint { delay = max(delay, min(hint, policy.retryAfterLimit)) }
        return ContinuousClock.now + delay < deadline ? delay : nil
    }

    /// Waits out the backoff; cancellation during the wait ends the call as cancelled.
    private func wait(_ delay: Duration, policy: RetryPolicy) async throws(IdentityToolkitError) {
        if Task.isCancelled { throw .network(.cancelled) }
        do {
            try await policy.sleep(delay)
        } catch {
            throw .network(.cancelled)
        }
        if Task.isCancelled { throw .network(.cancelled) }
    }

    /// `request` with the configured tenant filled in, unless it names a tenant itself.
    private func withDefaultTenant<R: IdentityToolkitRequest>(_ request: R) -> R {
        guard let tenant = configuration.tenantID, !tenant.isEmpty,
            var scoped = request as? any TenantScopedRequest, scoped.tenantID == nil
        else { return request }
        scoped.tenantID = tenant
        return (scoped as? R) ?? request
    }
}
