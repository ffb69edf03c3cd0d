import AuthflowHTTP
import AuthflowIdentityToolkit

extension OAuthSignIn {
    /// The device route's settings not taken from the project's configuration.
    public struct DeviceOptions: Sendable {
        /// The `requestUri` sent to `signInWithIdp` with the provider's token.
        public var requestURI: String

        /// Options; `requestURI` is the `requestUri` sent to `signInWithIdp` with the provider's token.
        public init(requestURI: String = "http://localhost") {
            self.requestURI = requestURI
        }
    }

    /// Whether `provider` has a device route into Firebase: a device grant whose token Firebase accepts as a
    /// credential (GitHub's and Facebook's access tokens, Google's and an OIDC provider's ID tokens).
    public static func hasDeviceRoute(_ provider: OAuthProvider) -> Bool {
        switch provider.family {
        case .github, .google, .facebook, .oidc: true
        case .microsoft, .yahoo, .twitter, .apple, .saml: false
        }
    }

    /// The device route for `provider` (RFC 8628): asks the provider for a user code, lets `interaction` show
    /// it, polls the token endpoint at the provider's interval (5 s more after each `slow_down`, never past
    /// `expires_in`), then hands the provider's token to `signInWithIdp` and ends as every route does.
    public func runDevice(
        _ provider: OAuthProvider, purpose: SignInPurpose = .signIn, options: DeviceOptions = .init(),
        interaction: some DeviceSignInInteraction
    ) async throws(OAuthSignInError) -> Completed {
        guard Self.hasDeviceRoute(provider) else { throw .deviceUnsupported(provider: provider) }
        let client = try DeviceGrantClient.configured(for: provider, in: environment.configuration)
        let ending = SignInEnding(environment, purpose: purpose)
        try ending.checkStorable(reportingAs: OAuthSignInError.self)
        let previous = try await ending.previousSession(reportingAs: OAuthSignInError.self)
        let endpoints = try await deviceEndpoints(provider)
        let authorization = try await deviceExchange(
            DeviceAuthorizationRequest(family: provider.family, url: endpoints.authorization, client: client)
                .httpRequest, provider: provider, interpret: DeviceAuthorizationRequest.interpret)
        await interaction.present(authorization, provider: provider)
        let tokens: (accessToken: String?, idToken: String?)
        do {
            tokens = try await poll(
                DeviceTokenRequest(
                    family: provider.family, url: endpoints.token, client: client,
                    deviceCode: authorization.deviceCode),
                authorization: authorization, provider: provider, interaction: interaction)
        } catch {
            await interaction.finished()
            throw error
        }
        await interaction.finished()
        let field = Self.deviceTokenField(provider.family)
        guard let token = field == "id_token" ? tokens.idToken : tokens.accessToken else {
            throw .deviceProvider(.tokenMissing(field: field), provider: provider)
        }
        let request = SignInWithIdpRequest(
            requestUri: options.requestURI,
            postBody: IdpPostBody.oauth(providerId: provider.id, fields: [QueryItem(name: field, value: token)]),
            autoCreate: purpose != .reauthenticate)
        return try await signIn(
            request, provider: provider, purpose: purpose, route: "device", pending: nil, previous: .some(previous))
    }

    /// The token Firebase accepts from `family`'s device grant: an ID token from Google and OIDC providers, an
    /// access token from GitHub and Facebook.
    static func deviceTokenField(_ family: OAuthProvider.Family) -> String {
        family == .google || family == .oidc ? "id_token" : "access_token"
    }

    /// The provider's endpoints: the published ones (under the configured base), or the OIDC issuer's.
    private func deviceEndpoints(_ provider: OAuthProvider) async throws(OAuthSignInError) -> DeviceGrantEndpoints {
        let configuration = environment.configuration
        if let endpoints = DeviceGrantEndpoints.published(
            for: provider.family, base: configuration[.deviceEndpointBase])
        {
            return endpoints
        }
        guard let issuer = configuration[.oidcIssuer] else {
            throw .deviceClientMissing(provider: provider, missing: [.oidcIssuer])
        }
        let discovery = OIDCDiscoveryRequest(issuer: issuer)
        return try await deviceExchange(discovery.httpRequest, provider: provider, interpret: discovery.interpret)
    }

    /// Polls until the person approves, declines, or the codes expire.
    private func poll(
        _ request: DeviceTokenRequest, authorization: DeviceAuthorization, provider: OAuthProvider,
        interaction: some DeviceSignInInteraction
    ) async throws(OAuthSignInError) -> (accessToken: String?, idToken: String?) {
        let clock = ContinuousClock()
        let expiry = clock.now + .seconds(authorization.expiresIn)
        var interval = authorization.interval
        while true {
            let next = clock.now + .seconds(interval)
            // A poll after expires_in could only hear expired_token.
            guard next < expiry else { throw .deviceExpired(provider: provider) }
            guard await interaction.pause(until: next, expiry: expiry) else { throw .interrupted }
            let answer = try await deviceExchange(request.httpRequest, provider: provider) { response in
                .success(DeviceTokenAnswer(response))
            }
            switch answer {
            case .tokens(let access, let id): return (access, id)
            case .pending: continue
            case .slowDown(let given): interval = max(interval + 5, given ?? 0)
            case .denied: throw .deviceDenied(provider: provider)
            case .expired: throw .deviceExpired(provider: provider)
            case .problem(let problem): throw .deviceProvider(problem, provider: provider)
            }
        }
    }

    /// Sends `request` to the provider and reads its answer with `interpret`.
    private func deviceExchange<Value>(
        _ request: HTTPRequest, provider: OAuthProvider,
        interpret: (HTTPResponse) -> Result<Value, DeviceGrantProblem>
    ) async throws(OAuthSignInError) -> Value {
        let response: HTTPResponse
        do {
            response = try await environment.client.http.send(request)
        } catch {
            if error == .cancelled { throw .interrupted }
            throw .deviceProvider(.unreachable(error), provider: provider)
        }
        switch interpret(response) {
        case .success(let value): return value
        case .failure(let problem): throw .deviceProvider(problem, provider: provider)
        }
    }
}
