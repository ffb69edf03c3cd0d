import AuthflowIdentityToolkit
import AuthflowListener
import Foundation

extension OAuthSignIn {
    /// What the web route needs beside the hosted route's options.
    public struct WebOptions: Sendable {
        /// Where the page loads the Firebase JS SDK from.
        public var sdk: FirebaseWebSDK

        /// Options loading `sdk` (Google's CDN at the pinned version by default).
        public init(sdk: FirebaseWebSDK = .google) {
            self.sdk = sdk
        }
    }

    /// The web route for `provider`: checks `localhost` is an authorized domain, serves
    /// ``LoopbackOAuthWebPage`` (the Firebase JS SDK in the person's browser), and stores the session from the
    /// tokens it posts once their `aud`, `iss` and `exp` are this project's. Re-authentication checks the page
    /// signed the same user in. Linking needs the signed-in user inside the page, which it does not have, so
    /// it is refused before the browser opens (``OAuthSignInError/routeUnavailable(_:provider:)``).
    public func runWeb(
        _ provider: OAuthProvider, purpose: SignInPurpose = .signIn, options: Options = .init(),
        web: WebOptions = .init(), interaction: some OAuthWebPageInteraction
    ) async throws(OAuthSignInError) -> Completed {
        guard purpose != .link else { throw .routeUnavailable(.web, provider: provider) }
        let ending = SignInEnding(environment, purpose: purpose)
        let previous = try await ending.previousSession(reportingAs: OAuthSignInError.self)
        let config = try await webConfig()
        let page = LoopbackOAuthWebPage(
            provider: provider, config: config, sdk: web.sdk, scopes: options.scopes,
            customParameters: options.customParameters, languageCode: environment.configuration.firebaseLanguageCode,
            templates: options.templates)
        do {
            try page.preload()
        } catch {
            throw .webPageUnavailable(error)
        }
        let listener: RedirectListener<WebSignInAnswer>
        do {
            listener = try RedirectListener(
                configuration: .init(
                    check: page.check, port: options.port, path: LoopbackOAuthWebPage.answerPath, rendezvous: nil,
                    label: options.label ?? "Sign in with \(provider.id)", templates: options.templates,
                    routes: page.routes, successPage: ("Signed in with \(provider.id)", "Go back to the terminal.")))
        } catch {
            throw .browser(error)
        }
        defer { listener.stop() }
        await interaction.present(page.url(port: listener.port), provider: provider, listener: listener)
        let tokens: WebSignInTokens
        switch try await interaction.waitForAnswer(from: listener) {
        case .signedIn(let signedIn):
            tokens = signedIn
        case .failed(let code, let email, let hints):
            if code == "auth/multi-factor-auth-required" { throw .webSecondFactor(hints: hints) }
            throw .webSDK(code: code, email: email, provider: provider)
        }
        if let problem = WebIDTokenProblem.check(tokens.idToken, projectID: config.projectID) {
            throw .webIDToken(problem)
        }
        guard let claims = IDTokenClaims(jwt: tokens.idToken) else { throw .webIDToken(.unreadable) }
        let result: SignInResult
        do {
            result = try await ending.finish(
                WebSignInReply(tokens, claims: claims), firstFactor: provider.id, email: tokens.email,
                previous: previous)
        } catch {
            throw .signIn(error)
        }
        if purpose == .reauthenticate, provider.id == AppleCredential.providerID,
            case .signedIn(let session, _) = result, let token = tokens.providerAccessToken, !token.isEmpty
        {
            try? AppleAccessToken.file(in: environment.directory).save(AppleAccessToken(uid: session.uid, token: token))
        }
        var refreshed = result
        if case .signedIn(_, let isNewUser) = result,
            let session = try? await AccountService(environment).refreshProfile()
        {
            refreshed = .signedIn(session, isNewUser: isNewUser)
        }
        return Completed(result: refreshed, profile: OAuthProfile(web: tokens, providerID: provider.id), route: "web")
    }

    /// The project's web config, after checking `localhost` may run the JS SDK.
    private func webConfig() async throws(OAuthSignInError) -> LoopbackOAuthWebPage.WebConfig {
        let configuration = environment.configuration
        guard let projectID = configuration.projectID else { throw .webConfigMissing([.projectID]) }
        let domains: [String]
        do {
            domains = try await environment.client.send(GetProjectConfigRequest()).authorizedDomains
        } catch {
            throw .webLookupFailed(error)
        }
        guard domains.contains(where: { $0.lowercased() == "localhost" }) else {
            throw .localhostNotAuthorized(projectID: projectID)
        }
        let emulatorOrigin = configuration.emulatorHost.map { "http://\($0)" }
        let authDomain =
            configuration.authDomain ?? configuration.emulatorHost
            ?? AuthDomainSelection.choose(from: domains)
        guard let authDomain else { throw .authDomain(.noDefaultDomain(authorizedDomains: domains)) }
        return LoopbackOAuthWebPage.WebConfig(
            apiKey: environment.client.configuration.apiKey, authDomain: authDomain, projectID: projectID,
            appID: configuration[.appID], tenantID: configuration.tenantID, emulatorOrigin: emulatorOrigin)
    }
}
