import AuthflowIdentityToolkit
import AuthflowStorage

/// The end every sign-in shares, whatever proved the user (an email link, a password, an SMS code, Apple, an
/// SMS second factor): the stored session a link or re-authentication builds on, the request's refusal in
/// the flow's terms, reading the reply, and storing the session under the project's lock.
///
/// A flow calls, in order: ``previousSession(reportingAs:)``; its own request, with ``idTokenToLink(_:)`` in
/// it and failures through ``refusal(_:flowCodes:)`` (or ``send(_:flowCodes:)`` for both); then
/// ``finish(_:firstFactor:email:previous:alongside:)`` (or ``read(_:firstFactor:email:previous:)`` and
/// ``store(_:alongside:)`` when it acts between the two).
struct SignInEnding: Sendable {
    /// The client, project and state directory of the flow.
    let environment: FlowEnvironment
    /// Signing in, linking to the signed-in user, or re-authenticating them.
    let purpose: SignInPurpose

    /// The ending of a sign-in for `purpose` in `environment`.
    init(_ environment: FlowEnvironment, purpose: SignInPurpose) {
        self.environment = environment
        self.purpose = purpose
    }

    private var sessions: SessionStore { SessionStore(directory: environment.directory) }

    /// The stored session the sign-in builds on: none for a plain sign-in; for linking, one with a valid ID
    /// token (refreshed when due); for re-authentication, whoever is signed in. A failure is reported as the
    /// flow's `session` error, of type `failure`.
    func previousSession<Failure: SignInFlowError>(
        reportingAs failure: Failure.Type
    ) async throws(Failure) -> UserSession? {
        do {
            return try await sessions.session(for: purpose, client: environment.client, project: environment.project)
        } catch {
            throw .session(error)
        }
    }

    /// ``previousSession(reportingAs:)`` for a flow that loaded it already (`known`, before its browser round or
    /// SMS): that session again, unless none was loaded or a link's ID token has since come within
    /// ``TokenRefresher/refreshMargin`` of expiring, when it is loaded (and refreshed) now.
    func previousSession<Failure: SignInFlowError>(
        reusing known: UserSession??, reportingAs failure: Failure.Type
    ) async throws(Failure) -> UserSession? {
        if let known, purpose != .link || known?.tokens.expires(within: TokenRefresher.refreshMargin) == false {
            return known
        }
        return try await previousSession(reportingAs: failure)
    }

    /// The signed-in user's ID token when the request links to them, else `nil`.
    func idTokenToLink(_ previous: UserSession?) -> String? {
        purpose == .link ? previous?.tokens.idToken : nil
    }

    /// The user a re-authentication must sign in again, else `nil`.
    func expectedUID(_ previous: UserSession?) -> String? {
        purpose == .reauthenticate ? previous?.uid : nil
    }

    /// The server's refusal of the sign-in request in the flow's terms: first the flow's own codes
    /// (`flowCodes`, `nil` for a code it has no word for), then the rule every sign-in shares: a refused ID
    /// token or user is about the stored session when the request carried its ID token (linking), and
    /// anything else is the service's failure.
    func refusal<Failure: SignInFlowError>(
        _ error: IdentityToolkitError, flowCodes: (ServerError, ServerErrorCode) -> Failure? = { _, _ in nil }
    ) -> Failure {
        guard let server = error.serverError, !error.isBackendUnavailable, let code = server.code else {
            return .signIn(.service(error))
        }
        if let failure = flowCodes(server, code) { return failure }
        switch code {
        case .invalidIDToken, .tokenExpired, .userNotFound, .userDisabled, .credentialTooOldLoginAgain:
            // Only a link request carries the stored user's ID token, so only then are these about the session.
            return purpose == .link ? .session(.rejected(server)) : .signIn(.service(error))
        default:
            return .signIn(.service(error))
        }
    }

    /// Checks that the session this sign-in produces could be stored (see ``SessionStore/checkWritable()``),
    /// reported as the flow's `signIn(.cannotStore(_:))`. Call it right before the request that spends a one-time
    /// credential (``send(_:flowCodes:)`` does), so a full or read-only state directory leaves it unspent.
    func checkStorable<Failure: SignInFlowError>(reportingAs failure: Failure.Type) throws(Failure) {
        do {
            try sessions.checkWritable()
        } catch {
            throw .signIn(.cannotStore(error))
        }
    }

    /// Checks that the session could be stored (``checkStorable(reportingAs:)``), then sends `request`, with its
    /// refusal in the flow's terms (see ``refusal(_:flowCodes:)``).
    func send<Request: IdentityToolkitRequest, Failure: SignInFlowError>(
        _ request: Request, flowCodes: (ServerError, ServerErrorCode) -> Failure? = { _, _ in nil }
    ) async throws(Failure) -> Request.Response {
        try checkStorable(reportingAs: Failure.self)
        do {
            return try await environment.client.send(request)
        } catch {
            throw refusal(error, flowCodes: flowCodes)
        }
    }

    /// Reads `reply` (see ``SignInResult``) without storing anything. `firstFactor` names what proved the
    /// user (`emailLink`, `password`, `phone`, `apple.com`); `email` fills in an address the reply lacks.
    func read(
        _ reply: some SignInResponse, firstFactor: String, email: String?, previous: UserSession?
    ) throws(SignInError) -> SignInResult {
        try SignInResult.reading(
            reply, project: environment.project, purpose: purpose, firstFactor: firstFactor, email: email,
            previous: previous, expectedUID: expectedUID(previous))
    }

    /// Stores `session` under the project's lock, running `alongside` (forgetting what the flow kept
    /// pending) while still holding it.
    func store(_ session: UserSession, alongside: () throws(StorageError) -> Void = {}) async throws(SignInError) {
        do {
            try await sessions.saveSignedIn(session, alongside: alongside)
        } catch {
            throw .storage(error)
        }
    }

    /// Reads `reply` and, when it signed someone in, stores the session with `alongside`; a second-factor
    /// challenge stores nothing.
    func finish(
        _ reply: some SignInResponse, firstFactor: String, email: String?, previous: UserSession?,
        alongside: () throws(StorageError) -> Void = {}
    ) async throws(SignInError) -> SignInResult {
        let result = try read(reply, firstFactor: firstFactor, email: email, previous: previous)
        if case .signedIn(let session, _) = result { try await store(session, alongside: alongside) }
        return result
    }
}

/// A flow's error type that ``SignInEnding`` reports into: every sign-in flow's error has a place for a
/// stored session that is missing, unusable or refused, and one for a sign-in that failed. The flows' enum
/// cases `session(_:)` and `signIn(_:)` are the witnesses.
protocol SignInFlowError: Error {
    /// The stored session the sign-in builds on is missing or unusable, or the server refused it.
    static func session(_ error: SessionError) -> Self
    /// The sign-in itself failed: the service, storing the session, or reading the reply.
    static func signIn(_ error: SignInError) -> Self
}

extension EmailLinkError: SignInFlowError {}
extension PhoneSignInError: SignInFlowError {}
extension AppleSignInError: SignInFlowError {}
extension SecondFactorError: SignInFlowError {}
