import AuthflowIdentityToolkit
import AuthflowStorage

/// Asks Firebase to text the code (`sendVerificationCode`) and saves the verification at once, so a crash
/// between the SMS and the code loses nothing.
struct PhoneCodeSender: Sendable {
    let client: IdentityToolkitClient
    let project: SessionProject
    let store: PendingPhoneVerificationStore

    /// Sends with the first proof in `attempts`, moving to the next only after the refusals the SDKs fall
    /// back on (`INVALID_APP_CREDENTIAL`, `MISSING_RECAPTCHA_TOKEN`). Each request is sent once: one call
    /// texts at most one SMS.
    ///
    /// Returns the saved verification and, when saving failed, why: the flow can still finish in this
    /// process, it just could not be resumed after a crash.
    func send(
        to number: PhoneNumber, attempts: [AppVerification], plan: PhoneVerificationPlan, purpose: SignInPurpose,
        userID: String?
    ) async throws(PhoneSignInError) -> (pending: PendingPhoneVerification, notSaved: StorageError?) {
        var remaining = attempts[...]
        while let verification = remaining.popFirst() {
            let request = SendVerificationCodeRequest(
                phoneNumber: number.e164, verification: verification, clientType: plan.clientType)
            let reply: SendVerificationCodeResponse
            do {
                reply = try await client.send(request)
            } catch {
                if !remaining.isEmpty, let code = error.serverError?.code,
                   code == .invalidAppCredential || code == .missingRecaptchaToken {
                    continue
                }
                throw .sendFailed(error)
            }
            let pending = PendingPhoneVerification(
                phoneNumber: number, verificationID: reply.sessionInfo, purpose: purpose, userID: userID,
                verifier: plan.verifier, project: project)
            do {
                try store.save(pending)
                return (pending, nil)
            } catch {
                return (pending, error)
            }
        }
        throw .verifierUnavailable("The reCAPTCHA answer lacked a token this project needs; run the command again.")
    }
}
