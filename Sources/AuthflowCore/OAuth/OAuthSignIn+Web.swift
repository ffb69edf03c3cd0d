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
    /// signed the same user in.
    ///
    /// Linking: the JS SDK offers no documented way to make authflow's signed-in user the page's current user
    /// (`signInWithCustomToken` needs a token only a server with the Admin SDK mints; `updateCurrentUser` takes
    /// only a user another `Auth` instance signed in), so `linkWithPopup` cannot run there. The page does the
    /// provider step with `signInWithPopup` and posts the provider's credential
    /// (`credentialFromResult`/`credentialFromError`, then its documented `toJSON()`); authflow links it with
    /// `signInWithIdp` and the signed-in user's ID token, as the SDK's own `linkWithCredential` does. When the
    /// page's sign-in created an account only to carry the credential (`isNewUser`), authflow deletes that
    /// account with its own ID token first, so the provider account is free to link.
    ///
    /// A collision the SDK reports with a credential keeps it (``PendingOAuthCredential``), as the hosted route
    /// does, so `--link --pending` finishes without another browser round.
    public func runWeb(
        _ provider: OAuthProvider, purpose: SignInPurpose = .signIn, options: Options = .init(),
        web: WebOptions = .init(), interaction: some OAuthWebPageInteraction
    ) async throws(OAuthSignInError) -> Completed {
        let ending = SignInEnding(environment, purpose: purpose)
        // The page's own sign-in spends the provider's code: the session must have somewhere to go first.
        try ending.checkStorable(reportingAs: OAuthSignInError.self)
        let previous = try await ending.previousSession(reportingAs: OAuthSignInError.self)
        let config = try await webConfig()
        let page = LoopbackOAuthWebPage(
            provider: provider, config: config, sdk: web.sdk, scopes: options.scopes,
            customParameters: options.customParameters, languageCode: environment.configuration.firebaseLanguageCode,
            templates: options.round.templates, appCheck: try await webAppCheck())
        do {
            try page.preload()
        } catch {
            throw .webPageUnavailable(error)
        }
        let round = BrowserRound.loopback(
            options: options.round, label: "Sign in with \(provider.id)", check: page.check,
            path: LoopbackOAuthWebPage.answerPath, routes: page.routes,
            successPage: ("Signed in with \(provider.id)", "Go back to the terminal."))
        let answer = try await round.run(
            url: page.url(port:), listenFailed: OAuthSignInError.browser,
            present: { shown, listener in await interaction.present(shown, provider: provider, listener: listener) },
            wait: { listener throws(OAuthSignInError) in try await interaction.waitForAnswer(from: listener) })
        let tokens: WebSignInTokens
        switch answer {
        case .signedIn(let signedIn):
            tokens = signedIn
        case .failed(let code, let email, let hints, let credential):
            guard let kind = Self.collisionKind(webCode: code) else {
                throw OAuthSignInError(webCode: code, email: email, hints: hints, provider: provider)
            }
            if purpose == .link, let credential {
                // The SDK's documented recipe: link the credential the error carries to the signed-in user.
                return try await signIn(
                    credential.request(linkingTo: previous?.tokens.idToken, autoCreate: true), provider: provider,
                    providerID: credential.providerID, purpose: purpose, route: "web", pending: nil,
                    previous: .some(previous))
            }
            let collision = OAuthCollision(
                kind: kind, providerID: credential?.providerID ?? provider.id, email: email ?? credential?.email,
                existingProviders: [], savedCredential: false)
            throw .collision(await keep(collision, credential: credential), server: nil)
        }
        if let problem = WebIDTokenProblem.check(tokens.idToken, projectID: config.projectID) {
            throw .webIDToken(problem)
        }
        guard let claims = IDTokenClaims(jwt: tokens.idToken) else { throw .webIDToken(.unreadable) }
        if purpose == .link, let previous, claims.userID != previous.uid {
            return try await link(tokens, provider: provider, ending: ending, previous: previous)
        }
        let result: SignInResult
        do {
            result = try await ending.finish(
                WebSignInReply(tokens, claims: claims), firstFactor: provider.id, email: tokens.email,
                previous: previous)
        } catch {
            throw .signIn(error)
        }
        if provider.id == AppleCredential.providerID {
            AppleAccessToken.keep(
                tokens.providerAccessToken, result: result, purpose: purpose, in: environment.directory)
        }
        var refreshed = result
        if case .signedIn(_, let isNewUser) = result,
            let session = try? await AccountService(environment).refreshProfile()
        {
            refreshed = .signedIn(session, isNewUser: isNewUser)
        }
        return Completed(result: refreshed, profile: OAuthProfile(web: tokens, providerID: provider.id), route: "web")
    }

    /// Links the credential the page's sign-in carried to `previous`'s user. The page's sign-in went to another
    /// Firebase user: one it just created (deleted first, with its own ID token, so nothing is left behind), or
    /// one that already had this provider account (then Firebase refuses the link and the credential is kept).
    private func link(
        _ tokens: WebSignInTokens, provider: OAuthProvider, ending: SignInEnding, previous: UserSession
    ) async throws(OAuthSignInError) -> Completed {
        guard let credential = tokens.credential else {
            throw .webSDK(code: Self.missingCredentialCode, email: tokens.email, provider: provider)
        }
        if tokens.isNewUser {
            do {
                _ = try await environment.client.send(DeleteAccountRequest(idToken: tokens.idToken))
            } catch {
                throw ending.refusal(error)
            }
        }
        return try await signIn(
            credential.request(linkingTo: previous.tokens.idToken, autoCreate: true), provider: provider,
            providerID: credential.providerID, purpose: .link, route: "web", pending: nil, previous: .some(previous))
    }

    /// The code the web route reports when the page posted a sign-in without the provider's credential.
    public static let missingCredentialCode = "authflow/credential-missing"

    /// The collision an `auth/…` code from the JS SDK names, or nil: `account-exists-with-different-credential`
    /// (`needConfirmation`), `credential-already-in-use` (`FEDERATED_USER_ID_ALREADY_LINKED`),
    /// `email-already-in-use` (`EMAIL_EXISTS`).
    public static func collisionKind(webCode code: String) -> OAuthCollision.Kind? {
        switch code {
        case "auth/account-exists-with-different-credential": .needsConfirmation
        case "auth/credential-already-in-use": .alreadyLinked
        case "auth/email-already-in-use": .emailExists
        default: nil
        }
    }

    /// The project's web config, after checking `localhost` may run the JS SDK.
    /// The App Check token the page's JS SDK gets from the listener: the one authflow's own requests carry
    /// (the SDKs' placeholder after a failure, as the JS SDK's `_getAppCheckToken` hands it out), with its
    /// expiry (or, unknown, the 5 minutes a fresh token has at least), and App Check's origin; nil when
    /// authflow sends no App Check token.
    private func webAppCheck() async throws(OAuthSignInError) -> LoopbackOAuthWebPage.AppCheckHandoff? {
        let client = environment.client
        guard let provider = client.appCheck else { return nil }
        let token: String?
        do {
            token = try await client.appCheckToken()
        } catch {
            throw .signIn(.service(error))
        }
        guard let token else { return nil }
        let expiresAt = await provider.expiry() ?? Date().addingTimeInterval(CachedAppCheckToken.refreshMargin)
        let endpoint = client.configuration.appCheckEndpoint ?? .production
        return LoopbackOAuthWebPage.AppCheckHandoff(token: token, expiresAt: expiresAt, origin: endpoint.origin)
    }

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

extension OAuthSignInError {
    /// The error a JS SDK `code` the web page reported ends the sign-in with, when the code is no account
    /// collision: a second factor the page could not resolve (`hints`), or the SDK's refusal. The page's "sign-in
    /// failed" text is this error too.
    init(webCode code: String, email: String?, hints: [WebSecondFactorHint], provider: OAuthProvider) {
        self =
            code == "auth/multi-factor-auth-required"
            ? .webSecondFactor(hints: hints) : .webSDK(code: code, email: email, provider: provider)
    }
}
