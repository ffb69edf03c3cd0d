import AuthflowIdentityToolkit
import AuthflowStorage
import Foundation

/// Adds an SMS second factor to the signed-in user: `PhoneMultiFactorGenerator` with `multiFactor.enroll` in
/// the SDKs.
///
/// It looks the account up first, so an unverified email or an already enrolled number is refused before any
/// reCAPTCHA; texts the number with `mfaEnrollment:start`, proving the app exactly as phone sign-in does (or
/// reuses an enrolment SMS sent to it a few minutes ago); saves that SMS at once; takes the code from the same
/// sources; sends it with `mfaEnrollment:finalize` and the display name; and stores the new tokens, which carry
/// the factor, with the account's refreshed list of factors.
public struct SecondFactorEnrollment: Sendable {
    /// A finished enrolment: the new factor, as the account lists it.
    public typealias Completed = SecondFactorCompletion

    private let environment: FlowEnvironment

    /// Enrolment with `environment`'s client, for its project, keeping state in its directory.
    public init(_ environment: FlowEnvironment) {
        self.environment = environment
    }

    /// Enrolls `number` under `displayName`.
    public func run(
        _ number: PhoneNumber, displayName: String?, options: PhoneSignIn.Options,
        interaction: some PhoneSignInInteraction
    ) async throws(SecondFactorError) -> Completed {
        let store = SessionStore(directory: environment.directory)
        let account = AccountService(environment)
        let session: UserSession
        do {
            session = try await account.refreshProfile()
        } catch {
            throw .session(error)
        }
        guard session.email != nil, session.emailVerified == true else { throw .emailNotVerified(email: session.email) }
        if session.enrolledFactors.contains(where: { $0.phoneNumber == number.e164 }) {
            throw .alreadyEnrolled(number.e164)
        }

        let file = PendingSecondFactorEnrollment.file(for: number, in: environment.directory)
        let texted: TextedCode
        let pending: PendingSecondFactorEnrollment
        let reused: Bool
        if !options.resend, let earlier = try? file.load(), earlier.userID == session.uid, earlier.isFresh() {
            interaction.notice(
                .reusingUnusedSMS(.secondFactorEnrollment(number), recipient: number.e164, minutesAgo: nil))
            (texted, pending, reused) = (
                TextedCode(verificationID: earlier.verificationID, page: nil, listener: nil), earlier, true
            )
        } else {
            let tenantID = environment.project.tenantID
            let verifier: PhoneVerifier
            do {
                (texted, verifier) = try await SMSCodeStep.text(
                    environment: environment, recipient: number.e164, recaptchaAction: .mfaSmsEnrollment,
                    label: "second-factor enrolment", options: options, interaction: interaction
                ) { verification, plan throws(IdentityToolkitError) in
                    try await environment.client.send(
                        StartMFAEnrollmentRequest(
                            idToken: session.tokens.idToken, phoneNumber: number.e164, verification: verification,
                            clientType: plan.clientType, tenantID: tenantID)
                    ).sessionInfo
                }
            } catch {
                throw Self.startFailure(error, number: number, session: session)
            }
            pending = PendingSecondFactorEnrollment(
                phoneNumber: number, verificationID: texted.verificationID, userID: session.uid, verifier: verifier)
            reused = false
            do {
                try file.save(pending)
                interaction.notice(.codeSent(.secondFactorEnrollment(number), recipient: "\(number)", factorName: nil))
            } catch {
                interaction.notice(.secondFactorNotSaved(.secondFactorEnrollment(number), error))
            }
        }
        // A wrong code keeps the enrolment's SMS: a code typed at the terminal is asked for again.
        let (enrolled, origin) = try await texted.confirmed(
            for: SentSMSCode(
                recipient: number.e164, phoneNumber: number, verificationID: pending.verificationID,
                project: environment.project, flow: .secondFactorEnrollment(number)),
            given: options.code, command: options.codeCommand, timeout: options.round.timeout,
            interaction: interaction, codeFailure: SecondFactorError.fromCodeStep, refusedFlow: \.refusedFlow,
            confirm: { code throws(SecondFactorError) in
                try await finalize(
                    pending, code: code, displayName: displayName, session: session, store: store, account: account)
            })
        await texted.succeeded("Added \(number) as a second factor. You can close this tab.")
        return Completed(
            session: enrolled.session, factor: enrolled.factor, verifier: pending.verifier, codeOrigin: origin,
            reusedCode: reused)
    }

    private func finalize(
        _ pending: PendingSecondFactorEnrollment, code: String, displayName: String?, session: UserSession,
        store: SessionStore, account: AccountService
    ) async throws(SecondFactorError) -> (session: UserSession, factor: EnrolledFactor) {
        let file = PendingSecondFactorEnrollment.file(for: pending.phoneNumber, in: environment.directory)
        // The SMS code is spent by the finalize request, whose new tokens must then be stored.
        do {
            try store.checkWritable()
        } catch {
            throw .signIn(.cannotStore(error))
        }
        let reply: FinalizeMFAEnrollmentResponse
        do {
            reply = try await environment.client.send(
                FinalizeMFAEnrollmentRequest(
                    idToken: session.tokens.idToken, sessionInfo: pending.verificationID, code: code,
                    displayName: displayName, tenantID: environment.project.tenantID))
        } catch {
            let number = pending.phoneNumber
            if let server = error.serverError, !error.isBackendUnavailable {
                switch server.code {
                case .invalidCode, .missingCode:
                    throw .wrongCode(server, flow: .secondFactorEnrollment(number))
                case .sessionExpired, .invalidSessionInfo, .missingSessionInfo:
                    try? file.remove()
                    throw .codeExpired(server, flow: .secondFactorEnrollment(number))
                case .secondFactorExists:
                    try? file.remove()
                    throw .alreadyEnrolled(number.e164)
                default:
                    break
                }
            }
            throw .accountRefusal(error, session: session)
        }
        guard case .signedIn(let tokens) = reply.outcome else { throw .signIn(.unusableReply) }
        var updated = session
        updated.update(
            tokens: SessionTokens(
                idToken: tokens.idToken, refreshToken: tokens.refreshToken, expiresIn: tokens.expiresIn))
        let claims = IDTokenClaims(jwt: tokens.idToken)
        updated.secondFactorID = claims?.secondFactorID ?? updated.secondFactorID
        do {
            try await store.saveSignedIn(updated) { () throws(StorageError) in try file.remove() }
        } catch {
            throw .storage(error)
        }
        // The list as the account now has it; if the lookup fails the tokens are stored all the same.
        if let refreshed = try? await account.refreshProfile() { updated = refreshed }
        let factor =
            updated.enrolledFactors.first { $0.phoneNumber == pending.phoneNumber.e164 }
            ?? EnrolledFactor(
                id: claims?.secondFactorID ?? "", displayName: displayName, phoneNumber: pending.phoneNumber.e164)
        return (updated, factor)
    }

    /// `mfaEnrollment:start` refusals, with the advice each needs.
    private static func startFailure(
        _ error: PhoneSignInError, number: PhoneNumber, session: UserSession
    ) -> SecondFactorError {
        guard case .sendFailed(let service) = error, service.serverError != nil, !service.isBackendUnavailable else {
            return .sms(error)
        }
        if service.serverError?.code == .secondFactorExists { return .alreadyEnrolled(number.e164) }
        let refusal = SecondFactorError.accountRefusal(service, session: session)
        if case .session(.rejected) = refusal { return .sms(error) }
        return refusal
    }
}
