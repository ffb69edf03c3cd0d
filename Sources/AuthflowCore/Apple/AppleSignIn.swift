import AuthflowIdentityToolkit
import AuthflowListener
import AuthflowParsing
import AuthflowStorage
import Foundation

/// Sign in with Apple from start to session, for every route the Firebase guide covers.
///
/// The hosted route is the iOS SDK's headful flow: open Firebase's handler with `providerId=apple.com`, a
/// fresh `eventId` and the hash of a raw `sessionId`; Apple returns to the handler (the only return URL it
/// accepts), the handler to the app's custom scheme; the answer's `link` and the raw session ID go to
/// `signInWithIdp`. The other routes skip the browser: an identity token and raw nonce from a caller that
/// ran Apple's flow itself, or the updated credential a refused link left behind.
///
/// Linking sends the signed-in user's ID token; re-authentication sends `autoCreate: false` and checks the
/// user. Every route ends in ``SignInResult``, so a second factor is handled as for any first factor.
public struct AppleSignIn: Sendable {
    /// What the caller chose for the hosted route.
    public struct Options: Sendable {
        /// Apple scopes: `email`, `name`.
        public var scopes: [String]
        /// Apple's `locale` parameter for its pages, e.g. `fr_FR`.
        public var locale: String?
        /// The browser round's settings: how long to wait, where to listen, where the pages come from, where
        /// the flow publishes itself for a handoff, its name (nil uses the flow's own) and how the page is
        /// presented.
        public var round: BrowserRoundOptions

        /// Options; the defaults request no scopes (as iOS) and wait five minutes.
        public init(scopes: [String] = [], locale: String? = nil, round: BrowserRoundOptions = .init()) {
            self.scopes = scopes
            self.locale = locale
            self.round = round
        }
    }

    /// A finished sign-in.
    public struct Completed: Sendable {
        /// The session, or the second factor still needed.
        public let result: SignInResult
        /// What Apple shared.
        public let profile: AppleProfile
        /// `hosted`, `id-token` or `updated-credential`.
        public let route: String
    }

    private let environment: FlowEnvironment

    /// A sign-in with `environment`'s client, for its project, keeping state in its directory.
    public init(_ environment: FlowEnvironment) {
        self.environment = environment
    }

    /// The hosted route: the generic OAuth flow's round through the handler for `apple.com`
    /// (``OAuthSignIn``), then `signInWithIdp` with Apple's own refusals, updated credential and access token.
    public func run(
        purpose: SignInPurpose = .signIn, options: Options = .init(), interaction: some OAuthSignInInteraction
    ) async throws(AppleSignInError) -> Completed {
        // Checked before the browser opens, so nobody signs in to Apple for nothing.
        let ending = SignInEnding(environment, purpose: purpose)
        try ending.checkStorable(reportingAs: AppleSignInError.self)
        let previous = try await ending.previousSession(reportingAs: AppleSignInError.self)
        var browser = options.round
        browser.label = browser.label ?? "Sign in with Apple"
        let round = OAuthSignIn.Options(
            scopes: options.scopes, customParameters: options.locale.map { ["locale": $0] } ?? [:], round: browser)
        let answer: IdPRedirectAnswer
        let page: IdPRedirectURL
        do {
            (answer, page) = try await OAuthSignIn(environment).hostedAnswer(
                .apple, options: round, interaction: interaction
            ) { page, scheme in
                AppleRedirectCallback.check(eventID: page.eventID, scheme: scheme)
            }
        } catch {
            throw AppleSignInError(hostedRound: error)
        }
        let link = try AppleRedirectCallback.link(from: answer)
        return try await signIn(
            with: .redirect(link: link, sessionID: page.sessionID), purpose: purpose, previous: .some(previous))
    }

    /// The routes without a browser: `credential` goes straight to `signInWithIdp`.
    public func signIn(
        with credential: AppleCredential, purpose: SignInPurpose = .signIn
    ) async throws(AppleSignInError) -> Completed {
        try await signIn(with: credential, purpose: purpose, previous: nil)
    }

    /// ``signIn(with:purpose:)`` with the session the hosted route loaded before its browser round (`known`),
    /// reused unless a link's ID token has come due (``SignInEnding/previousSession(reusing:reportingAs:)``).
    private func signIn(
        with credential: AppleCredential, purpose: SignInPurpose, previous known: UserSession??
    ) async throws(AppleSignInError) -> Completed {
        let ending = SignInEnding(environment, purpose: purpose)
        let previous = try await ending.previousSession(reusing: known, reportingAs: AppleSignInError.self)
        let updatedFile = UpdatedAppleCredential.file(in: environment.directory)
        let request = credential.request(linkingTo: ending.idTokenToLink(previous), purpose: purpose)
        // Apple's authorization code (or the hosted page's session) is spent by this request.
        try ending.checkStorable(reportingAs: AppleSignInError.self)
        let reply: SignInWithIdpResponse
        do {
            reply = try await environment.client.send(request)
        } catch {
            if case .updated = credential, error.serverError != nil, !error.isBackendUnavailable {
                try? updatedFile.remove()
            }
            throw ending.refusal(error) { server, code in
                // On the hosted route there is no nonce of the caller's: the refusal is about the session ID.
                if case .redirect = credential, code == .missingOrInvalidNonce { return .credentialRejected(server) }
                return Self.failure(server, code: code, file: updatedFile)
            }
        }
        let result: SignInResult
        do {
            result = try await ending.finish(
                reply, firstFactor: AppleCredential.providerID, email: nil, previous: previous
            ) { () throws(StorageError) in
                if case .updated = credential { try updatedFile.remove() }
            }
        } catch {
            throw .signIn(error)
        }
        if case .secondFactorRequired = result, case .updated = credential {
            try? updatedFile.remove()
        }
        AppleAccessToken.keep(reply.oauthAccessToken, result: result, purpose: purpose, in: environment.directory)
        var givenName: IdpPostBody.PersonName?
        if case .identityToken(_, _, let name) = credential { givenName = name }
        return Completed(
            result: result, profile: AppleProfile(reply: reply, givenName: givenName), route: credential.route)
    }

    /// The credential a refused link left behind, if it is still fresh.
    public func updatedCredential() throws(AppleSignInError) -> AppleCredential {
        let stored: UpdatedAppleCredential?
        do {
            stored = try UpdatedAppleCredential.file(in: environment.directory).load()
        } catch {
            throw .signIn(.storage(error))
        }
        guard let stored, stored.isFresh() else {
            try? UpdatedAppleCredential.file(in: environment.directory).remove()
            throw .noUpdatedCredential(project: environment.project)
        }
        return .updated(stored)
    }

    // MARK: Steps

    /// The refusals that are this flow's own; a refused link keeps the updated credential it carries. The
    /// stored session and anything else are ``SignInEnding``'s.
    private static func failure(
        _ server: ServerError, code: ServerErrorCode, file: StateFile<UpdatedAppleCredential>
    ) -> AppleSignInError? {
        switch code {
        case .missingOrInvalidNonce:
            return .nonceRejected(server)
        case .invalidIdpResponse, .invalidPendingToken:
            return .credentialRejected(server)
        case .userCancelled:
            return .cancelled(server)
        case .federatedUserIDAlreadyLinked:
            var saved = false
            if let reply = server.idpResponse, let updated = UpdatedAppleCredential(reply: reply) {
                saved = (try? file.save(updated)) != nil
            }
            return .alreadyLinked(email: server.idpResponse?.email, savedCredential: saved, server: server)
        default:
            return nil
        }
    }
}
