import AuthflowIdentityToolkit
import AuthflowStorage
import Foundation

/// Finishes a sign-in whose first factor was accepted but whose account also needs an SMS second factor: what
/// `PhoneMultiFactorGenerator` and `resolver.resolveSignIn` do in the SDKs.
///
/// The challenge is saved first (``save(_:)``), so a command that cannot finish (no terminal, no code) leaves it
/// for `authflow mfa resolve`. ``resolve(_:factor:options:interaction:)`` then texts the chosen factor with
/// `mfaSignIn:start`, proving the app exactly as phone sign-in does (the same routes and code sources), or
/// reuses an SMS texted to it a few minutes ago; it sends the code with `mfaSignIn:finalize` and stores the
/// session with its second factor. A wrong code keeps everything for another try.
public struct SecondFactorSignIn: Sendable {
    /// A finished second factor: the stored session records it in ``UserSession/secondFactorID``.
    public typealias Completed = SecondFactorCompletion

    private let environment: FlowEnvironment

    /// Resolution with `environment`'s client, for its project, keeping state in its directory.
    public init(_ environment: FlowEnvironment) {
        self.environment = environment
    }

    private var file: StateFile<PendingSecondFactor> {
        StateFile(PendingSecondFactor.fileName, in: environment.directory)
    }

    /// The saved challenge's path, for messages.
    public var path: String { file.path }

    /// Saves `challenge` for `authflow mfa resolve`, replacing an older one. A challenge that cannot be resolved
    /// (no pending credential, no SMS factor) is refused before anything is saved.
    public func save(
        _ challenge: SecondFactorChallenge, now: Date = Date()
    ) throws(SecondFactorError) -> PendingSecondFactor {
        guard challenge.canBeResolved, let pending = PendingSecondFactor(challenge, receivedAt: now) else {
            throw .unresolvable(challenge)
        }
        do {
            try file.save(pending)
        } catch {
            throw .storage(error)
        }
        return pending
    }

    /// The saved challenge; an expired one is forgotten and refused.
    public func pending(now: Date = Date()) throws(SecondFactorError) -> PendingSecondFactor {
        let loaded: PendingSecondFactor?
        do {
            loaded = try file.load()
        } catch {
            throw .storage(error)
        }
        guard let loaded, loaded.project == environment.project else {
            throw .noPendingChallenge(project: environment.project)
        }
        guard !loaded.isExpired(now: now) else {
            try? file.remove()
            throw .challengeExpired(project: environment.project)
        }
        return loaded
    }

    /// Texts `factor` (unless a fresh SMS to it is waiting and `options.resend` is off), takes the code and
    /// finishes the sign-in. `options.code` and `options.codeCommand` are the second factor's code sources.
    public func resolve(
        _ pending: PendingSecondFactor, factor: EnrolledFactor, options: PhoneSignIn.Options,
        interaction: some PhoneSignInInteraction
    ) async throws(SecondFactorError) -> Completed {
        guard let masked = factor.phoneNumber else { throw .notAnSMSFactor(factor) }
        var pending = pending
        let texted: TextedCode
        let sent: SentSecondFactorCode
        let reused: Bool
        if !options.resend, let earlier = pending.sent, earlier.enrollmentID == factor.id, earlier.isFresh() {
            interaction.notice(
                .reusingUnusedSMS(.secondFactorSignIn(factorID: factor.id), recipient: masked, minutesAgo: nil))
            (texted, sent, reused) = (
                TextedCode(verificationID: earlier.verificationID, page: nil, listener: nil), earlier, true
            )
        } else {
            (texted, sent) = try await text(
                factor, masked: masked, pending: pending, options: options, interaction: interaction)
            pending.sent = sent
            reused = false
            do {
                try file.save(pending)
                interaction.notice(
                    .codeSent(
                        .secondFactorSignIn(factorID: factor.id), recipient: masked, factorName: factor.displayName))
            } catch {
                interaction.notice(.secondFactorNotSaved(.secondFactorSignIn(factorID: factor.id), error))
            }
        }
        // A wrong code keeps the challenge and its SMS: a code typed at the terminal is asked for again.
        let (session, origin) = try await texted.confirmed(
            for: SentSMSCode(
                recipient: masked, verificationID: sent.verificationID, project: environment.project,
                flow: .secondFactorSignIn(factorID: factor.id)),
            given: options.code, command: options.codeCommand, timeout: options.round.timeout,
            interaction: interaction, codeFailure: SecondFactorError.fromCodeStep, refusedFlow: \.refusedFlow,
            confirm: { code throws(SecondFactorError) in
                try await finalize(pending, factor: factor, sent: sent, code: code)
            })
        await texted.succeeded(
            "Signed in as \(session.email ?? session.uid) with the second factor. You can close this tab.")
        return Completed(
            session: session, factor: factor, verifier: sent.verifier, codeOrigin: origin, reusedCode: reused)
    }

    // MARK: Steps

    private func text(
        _ factor: EnrolledFactor, masked: String, pending: PendingSecondFactor, options: PhoneSignIn.Options,
        interaction: some PhoneSignInInteraction
    ) async throws(SecondFactorError) -> (TextedCode, SentSecondFactorCode) {
        let tenantID = environment.project.tenantID
        let step: (texted: TextedCode, verifier: PhoneVerifier)
        do {
            step = try await SMSCodeStep.text(
                environment: environment, recipient: masked, recaptchaAction: .mfaSmsSignIn,
                label: "second-factor sign-in", options: options, interaction: interaction
            ) { verification, plan throws(IdentityToolkitError) in
                // iOS sends the masked hint along; the web SDK sends no number.
                try await environment.client.send(
                    StartMFASignInRequest(
                        mfaPendingCredential: pending.pendingCredential, mfaEnrollmentId: factor.id,
                        phoneNumber: plan.clientType == .ios ? masked : nil, verification: verification,
                        clientType: plan.clientType, tenantID: tenantID)
                ).sessionInfo
            }
        } catch {
            throw challengeFailure(error)
        }
        return (
            step.texted,
            SentSecondFactorCode(
                enrollmentID: factor.id, verificationID: step.texted.verificationID, verifier: step.verifier)
        )
    }

    private func finalize(
        _ pending: PendingSecondFactor, factor: EnrolledFactor, sent: SentSecondFactorCode, code: String
    ) async throws(SecondFactorError) -> UserSession {
        // The SMS code is spent by the finalize request: first make sure the session will have somewhere to go.
        try SignInEnding(environment, purpose: pending.purpose).checkStorable(reportingAs: SecondFactorError.self)
        let reply: FinalizeMFASignInResponse
        do {
            reply = try await environment.client.send(
                FinalizeMFASignInRequest(
                    mfaPendingCredential: pending.pendingCredential, sessionInfo: sent.verificationID, code: code,
                    tenantID: environment.project.tenantID))
        } catch {
            throw finalizeFailure(error, pending: pending, factor: factor)
        }
        return try await store(reply, pending: pending, factor: factor)
    }

    /// Finishes the sign-in with a TOTP `factor` and the `code` its authenticator app shows: `mfaSignIn:finalize`
    /// with `totpVerificationInfo` (there is no start call). A wrong code keeps the challenge for another try.
    /// `origin` says where the code came from; no app verification is involved (the verifier is `none`).
    public func resolveTOTP(
        _ pending: PendingSecondFactor, factor: EnrolledFactor, code: String, origin: PhoneCodeOrigin
    ) async throws(SecondFactorError) -> Completed {
        guard factor.factorKind == .totp else { throw .totp(.notATOTPFactor(factor)) }
        // A TOTP code is accepted once: the session must have somewhere to go before it is spent.
        try SignInEnding(environment, purpose: pending.purpose).checkStorable(reportingAs: SecondFactorError.self)
        let reply: FinalizeMFASignInResponse
        do {
            reply = try await environment.client.send(
                FinalizeMFASignInRequest(
                    mfaPendingCredential: pending.pendingCredential, mfaEnrollmentId: factor.id,
                    verificationCode: code.trimmingCharacters(in: .whitespaces), tenantID: environment.project.tenantID)
            )
        } catch {
            if let server = error.serverError, !error.isBackendUnavailable,
                server.code == .invalidMFAPendingCredential || server.code == .missingMFAPendingCredential
            {
                try? file.remove()
                throw .challengeRejected(server)
            }
            throw TOTPEnrollment.refusal(error, session: nil, enrolling: false)
        }
        let session = try await store(reply, pending: pending, factor: factor)
        return Completed(session: session, factor: factor, verifier: .none, codeOrigin: origin, reusedCode: false)
    }

    /// Runs `command` for a TOTP sign-in code (no URI: the secret is the app's).
    public func totpCode(from command: CodeProgram) async throws(SecondFactorError) -> String {
        do {
            return try await command.totpCode(uri: nil, project: environment.project)
        } catch {
            throw .totp(error)
        }
    }

    private func store(
        _ reply: FinalizeMFASignInResponse, pending: PendingSecondFactor, factor: EnrolledFactor
    ) async throws(SecondFactorError) -> UserSession {
        guard case .signedIn(let tokens) = reply.outcome else { throw .signIn(.unusableReply) }
        if let mismatch = ProjectMismatch.check(idToken: tokens.idToken, project: environment.project) {
            throw .signIn(.projectMismatch(mismatch))
        }
        var session = SessionBuilder.session(
            tokens: tokens, reply: reply, project: environment.project, enrolledFactors: pending.factors)
        if session.email == nil { session.email = pending.email }
        if session.secondFactorID == nil { session.secondFactorID = factor.id }
        if let expected = pending.expectedUID, session.uid != expected {
            try? file.remove()
            throw .signIn(.userMismatch(expectedUID: expected, signedInUID: session.uid, email: session.email))
        }
        let file = self.file
        do {
            // The finalize request carries the pending credential, never the stored user's ID token, so none of
            // its refusals are about the stored session: only the storing is the shared ending's.
            try await SignInEnding(environment, purpose: pending.purpose).store(session) { () throws(StorageError) in
                try file.remove()
            }
        } catch {
            throw .signIn(error)
        }
        return session
    }

    /// `mfaSignIn:start` refusals: a dead pending credential is forgotten.
    private func challengeFailure(_ error: PhoneSignInError) -> SecondFactorError {
        if case .sendFailed(let service) = error, let server = service.serverError, !service.isBackendUnavailable,
            server.code == .invalidMFAPendingCredential || server.code == .missingMFAPendingCredential
        {
            try? file.remove()
            return .challengeRejected(server)
        }
        return .sms(error)
    }

    /// `mfaSignIn:finalize` refusals: a wrong code keeps everything; an expired SMS is dropped (the challenge
    /// stays); a dead pending credential is forgotten.
    private func finalizeFailure(
        _ error: IdentityToolkitError, pending: PendingSecondFactor, factor: EnrolledFactor
    ) -> SecondFactorError {
        guard let server = error.serverError, !error.isBackendUnavailable, let code = server.code else {
            return .signIn(.service(error))
        }
        switch code {
        case .invalidCode, .missingCode:
            return .wrongCode(server, flow: .secondFactorSignIn(factorID: factor.id))
        case .sessionExpired, .invalidSessionInfo, .missingSessionInfo:
            var kept = pending
            kept.sent = nil
            try? file.save(kept)
            return .codeExpired(server, flow: .secondFactorSignIn(factorID: factor.id))
        case .invalidMFAPendingCredential, .missingMFAPendingCredential:
            try? file.remove()
            return .challengeRejected(server)
        default:
            return .signIn(.service(error))
        }
    }
}
