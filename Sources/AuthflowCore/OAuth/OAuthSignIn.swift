import AuthflowIdentityToolkit
import AuthflowListener
import AuthflowParsing
import AuthflowStorage
import Foundation

/// Sign-in with any identity provider Firebase offers (Google, GitHub, Microsoft, Yahoo, Twitter, Facebook,
/// Apple, OIDC and SAML providers) through Firebase's hosted handler, as the iOS SDK's headful flow does:
/// open the handler with the provider's ID, a fresh `eventId` and the hash of a raw `sessionId`; the provider
/// returns to the handler, the handler to the iOS app's custom scheme; the answer's `link`, the raw session
/// ID and `postBody=providerId=<id>` go to `signInWithIdp`.
///
/// Linking sends the signed-in user's ID token; re-authentication sends `autoCreate: false` and checks the
/// user. A collision (the provider account linked elsewhere, its email taken) keeps the credential Firebase
/// returned (``PendingOAuthCredential``) and says which providers the existing account has. Every route ends
/// in ``SignInResult``, so a second factor is handled as for any first factor.
public struct OAuthSignIn: Sendable {
    /// What the caller chose for the hosted route.
    public struct Options: Sendable {
        /// OAuth scopes to request beyond the provider's defaults.
        public var scopes: [String]
        /// Extra provider parameters (`prompt`, `login_hint`, `tenant`, `hd`, …).
        public var customParameters: [String: String]
        /// The browser round's settings: how long to wait, where to listen, where the pages come from, where
        /// the flow publishes itself for a handoff, its name (nil uses the flow's own) and how the page is
        /// presented.
        public var round: BrowserRoundOptions

        /// Options; the defaults request no extra scopes and wait five minutes.
        public init(
            scopes: [String] = [], customParameters: [String: String] = [:], round: BrowserRoundOptions = .init()
        ) {
            self.scopes = scopes
            self.customParameters = customParameters
            self.round = round
        }
    }

    /// A finished sign-in.
    public struct Completed: Sendable {
        /// The session, or the second factor still needed.
        public let result: SignInResult
        /// What the provider shared, and its tokens.
        public let profile: OAuthProfile
        /// `hosted`, or `pending-credential` when a kept credential was used.
        public let route: String
    }

    let environment: FlowEnvironment

    /// A sign-in with `environment`'s client, for its project, keeping state in its directory.
    public init(_ environment: FlowEnvironment) {
        self.environment = environment
    }

    /// The hosted route for `provider`: the browser, the custom-scheme answer, then `signInWithIdp`.
    public func run(
        _ provider: OAuthProvider, purpose: SignInPurpose = .signIn, options: Options = .init(),
        interaction: some OAuthSignInInteraction
    ) async throws(OAuthSignInError) -> Completed {
        // Checked before the browser opens, so nobody signs in at the provider for nothing.
        let ending = SignInEnding(environment, purpose: purpose)
        try ending.checkStorable(reportingAs: OAuthSignInError.self)
        let previous = try await ending.previousSession(reportingAs: OAuthSignInError.self)
        let (answer, page) = try await hostedAnswer(
            provider, options: options, interaction: interaction
        ) { page, scheme in
            IdPRedirectCallback.check(
                eventID: page.eventID, scheme: scheme, providerID: provider.id
            ) { answer in
                do throws(OAuthSignInError) {
                    _ = try Self.link(from: answer, provider: provider)
                    return nil
                } catch {
                    return error
                }
            }
        }
        let link = try Self.link(from: answer, provider: provider)
        return try await signIn(
            Self.redirectRequest(link: link, page: page, purpose: purpose), provider: provider, purpose: purpose,
            route: "hosted", pending: nil, previous: .some(previous))
    }

    /// One round through Firebase's hosted handler for `provider`, the one definition every hosted sign-in
    /// (this flow's and ``AppleSignIn``'s) uses: prepares the handler URL, listens for the answer through the
    /// iOS app's custom scheme (`check` built for the page's attempt), lets `interaction` open the browser, and
    /// waits. Returns the answer and the page it answers.
    func hostedAnswer(
        _ provider: OAuthProvider, options: Options, interaction: some OAuthSignInInteraction,
        check: (IdPRedirectURL, CallbackScheme) -> CallbackCheck<IdPRedirectAnswer>
    ) async throws(OAuthSignInError) -> (IdPRedirectAnswer, IdPRedirectURL) {
        let (page, scheme) = try await redirectURL(provider, options: options)
        let round = BrowserRound.hosted(
            options: options.round, label: "Sign in with \(provider.id)", check: check(page, scheme),
            scheme: scheme.scheme,
            successPage: ("Signed in with \(provider.id)", "The answer was received; go back to the terminal."))
        let answer = try await round.run(
            url: { _ in page.url }, callbackScheme: scheme.scheme, listenFailed: OAuthSignInError.browser,
            present: { shown, listener in await interaction.present(shown, provider: provider, listener: listener) },
            wait: { listener throws(OAuthSignInError) in try await interaction.waitForAnswer(from: listener) })
        return (answer, page)
    }

    /// The credential a collision left behind: links it to the signed-in user (`.link`), or signs in to the
    /// account it belongs to (`.signIn`). It is used once, whatever the outcome.
    public func signInWithPending(
        _ provider: OAuthProvider?, purpose: SignInPurpose
    ) async throws(OAuthSignInError) -> Completed {
        let file = PendingOAuthCredential.file(in: environment.directory)
        let stored: PendingOAuthCredential?
        do {
            stored = try file.load()
        } catch {
            throw .signIn(.storage(error))
        }
        guard let stored, stored.isFresh() else {
            try? file.remove()
            throw .noPendingCredential(project: environment.project)
        }
        if let provider, provider.id != stored.providerID {
            throw .pendingForOtherProvider(saved: stored.providerID, asked: provider.id)
        }
        let ending = SignInEnding(environment, purpose: purpose)
        let previous = try await ending.previousSession(reportingAs: OAuthSignInError.self)
        let request = stored.request(linkingTo: ending.idTokenToLink(previous), autoCreate: purpose != .reauthenticate)
        let resolved = provider ?? OAuthProvider(id: stored.providerID)
        return try await signIn(
            request, provider: resolved, providerID: stored.providerID, purpose: purpose, route: "pending-credential",
            pending: file, previous: previous)
    }

    /// Removes `providerID` from the signed-in user (`setAccountInfo` with `deleteProvider`) and returns the
    /// session with the account's remaining providers.
    public func unlink(_ providerID: String) async throws(OAuthSignInError) -> UserSession {
        let accounts = AccountService(environment)
        let current: UserSession
        do {
            current = try await accounts.refreshProfile()
        } catch {
            throw .session(error)
        }
        guard current.providerIDs.contains(providerID) else {
            throw .notLinked(provider: providerID, linked: current.providerIDs)
        }
        do {
            _ = try await environment.client.send(
                UpdateAccountRequest(
                    idToken: current.tokens.idToken, deleteProvider: [providerID]))
        } catch {
            if let server = error.serverError, !error.isBackendUnavailable { throw .session(.rejected(server)) }
            throw .session(.service(error))
        }
        do {
            return try await accounts.refreshProfile()
        } catch {
            throw .session(error)
        }
    }

    // MARK: Steps

    func signIn(
        _ request: SignInWithIdpRequest, provider: OAuthProvider?, providerID: String? = nil, purpose: SignInPurpose,
        route: String, pending: StateFile<PendingOAuthCredential>?, previous known: UserSession?? = nil
    ) async throws(OAuthSignInError) -> Completed {
        let providerID = providerID ?? provider?.id ?? ""
        let ending = SignInEnding(environment, purpose: purpose)
        let previous = try await ending.previousSession(reusing: known, reportingAs: OAuthSignInError.self)
        var request = request
        if request.idToken == nil { request.idToken = ending.idTokenToLink(previous) }
        // A provider's authorization code (or a nonce-bound ID token) is spent by this request.
        try ending.checkStorable(reportingAs: OAuthSignInError.self)
        let reply: SignInWithIdpResponse
        do {
            reply = try await environment.client.send(request)
        } catch {
            if let pending, error.serverError != nil, !error.isBackendUnavailable { try? pending.remove() }
            let refusal: OAuthSignInError = ending.refusal(error) { server, code in
                Self.failure(server, code: code, providerID: providerID, provider: provider)
            }
            if case .collision(let collision, let server) = refusal {
                let credential = server?.idpResponse.flatMap {
                    PendingOAuthCredential(reply: $0, providerID: collision.providerID)
                }
                throw .collision(await keep(collision, credential: credential), server: server)
            }
            throw refusal
        }
        let result: SignInResult
        do {
            result = try await ending.finish(reply, firstFactor: providerID, email: nil, previous: previous) {
                () throws(StorageError) in
                if let pending { try pending.remove() }
            }
        } catch {
            if let pending { try? pending.remove() }
            if case .conflict(.needsConfirmation(let email)) = error {
                let collision = OAuthCollision(
                    kind: .needsConfirmation, providerID: providerID, email: email ?? reply.email,
                    existingProviders: reply.verifiedProvider ?? [], savedCredential: false)
                throw .collision(
                    await keep(collision, credential: PendingOAuthCredential(reply: reply, providerID: providerID)),
                    server: nil)
            }
            throw .signIn(error)
        }
        if case .secondFactorRequired = result, let pending { try? pending.remove() }
        if providerID == AppleCredential.providerID {
            AppleAccessToken.keep(reply.oauthAccessToken, result: result, purpose: purpose, in: environment.directory)
        }
        return Completed(
            result: await withLinkedProviders(result), profile: OAuthProfile(reply: reply, providerID: providerID),
            route: route)
    }

    /// `result` with the account's providers as a lookup lists them: an ID token names identities by claim, so
    /// it cannot tell a password from an address another provider shared. Best effort: the sign-in stands if
    /// the lookup fails.
    private func withLinkedProviders(_ result: SignInResult) async -> SignInResult {
        guard case .signedIn(_, let isNewUser) = result,
            let refreshed = try? await AccountService(environment).refreshProfile()
        else { return result }
        return .signedIn(refreshed, isNewUser: isNewUser)
    }

    /// Saves the credential a collision carries and looks up the providers of the account it collides with.
    func keep(_ collision: OAuthCollision, credential: PendingOAuthCredential?) async -> OAuthCollision {
        var collision = collision
        if let credential {
            collision.savedCredential =
                (try? PendingOAuthCredential.file(in: environment.directory).save(credential)) != nil
            if collision.email == nil { collision.email = credential.email }
        }
        if let email = collision.email,
            let methods = try? await SignInMethodLookup(client: environment.client).methods(for: email)
        {
            let found = (methods.providers ?? []) + (methods.methods ?? [])
            var merged = collision.existingProviders
            for provider in found where !merged.contains(provider) && provider != "emailLink" {
                merged.append(provider)
            }
            collision.existingProviders = merged
        }
        return collision
    }

    /// The handler URL, after checking the configuration gives the handler an app to return to.
    private func redirectURL(
        _ provider: OAuthProvider, options: Options
    ) async throws(OAuthSignInError) -> (IdPRedirectURL, CallbackScheme) {
        do {
            return try await IdPRedirectURL.prepare(
                providerID: provider.id, scopes: options.scopes, customParameters: options.customParameters,
                in: environment)
        } catch {
            switch error {
            case .notConfigured(let missing): throw .notConfigured(missing: missing)
            case .authDomain(let failure): throw .authDomain(failure)
            case .appCheck(let failure): throw .signIn(.service(failure))
            }
        }
    }

    /// `signInWithIdp` for the handler's answer `link` to `page`: the raw session ID whose hash the page was
    /// opened with, `postBody=providerId=<id>`; re-authentication sends `autoCreate: false` as iOS does.
    static func redirectRequest(link: String, page: IdPRedirectURL, purpose: SignInPurpose) -> SignInWithIdpRequest {
        SignInWithIdpRequest(
            requestUri: link, postBody: IdpPostBody.oauth(providerId: page.providerID), sessionId: page.sessionID,
            autoCreate: purpose != .reauthenticate)
    }

    /// The OAuth response URL in an answer, or the page's error in this flow's terms.
    static func link(from answer: IdPRedirectAnswer, provider: OAuthProvider) throws(OAuthSignInError) -> String {
        switch answer {
        case .link(let link): return link
        case .pageError(let error): throw .page(error, provider: provider)
        case .unknown(let callbackURL): throw .pageUnknown(callbackURL: callbackURL)
        }
    }

    /// The refusals that are this flow's own; the stored session and anything else are ``SignInEnding``'s.
    private static func failure(
        _ server: ServerError, code: ServerErrorCode, providerID: String, provider: OAuthProvider?
    ) -> OAuthSignInError? {
        switch code {
        case .invalidIdpResponse, .invalidPendingToken, .missingOrInvalidNonce:
            return .credentialRejected(server)
        case .operationNotAllowed, .invalidProviderID:
            return provider.map { .providerDisabled(provider: $0, server: server) }
        case .userCancelled:
            return .cancelled(server)
        case .federatedUserIDAlreadyLinked:
            return .collision(
                OAuthCollision(
                    kind: .alreadyLinked, providerID: providerID, email: server.idpResponse?.email,
                    existingProviders: [],
                    savedCredential: false), server: server)
        case .emailExists:
            return .collision(
                OAuthCollision(
                    kind: .emailExists, providerID: providerID, email: server.idpResponse?.email, existingProviders: [],
                    savedCredential: false), server: server)
        default:
            return nil
        }
    }
}
