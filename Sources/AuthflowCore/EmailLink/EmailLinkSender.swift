import AuthflowIdentityToolkit
import Foundation

/// Sends an email sign-in link (`sendOobCode`, `EMAIL_SIGNIN`) and remembers the address as pending, so the
/// link can be completed on this machine without asking for it again.
public struct EmailLinkSender: Sendable {
    private let environment: FlowEnvironment
    private let recaptcha: RecaptchaProtection

    /// A sender with `environment`'s client, for its project, keeping the pending address in its directory;
    /// reCAPTCHA Enterprise tokens, where the project requires them, come from `recaptchaTokens`.
    public init(_ environment: FlowEnvironment, recaptchaTokens: (any RecaptchaTokenSource)? = nil) {
        self.environment = environment
        self.recaptcha = RecaptchaProtection(environment, tokens: recaptchaTokens)
    }

    /// Sends the link to `email` with `settings` (`canHandleCodeInApp` is always set: both SDKs require it
    /// for sign-in links), then records it as pending.
    ///
    /// The address is recorded only after the server accepted the request, so a failed send never replaces
    /// the record of an earlier link that may still arrive.
    public func send(
        to email: String, settings: ActionCodeSettings, now: Date = Date()
    ) async throws(EmailLinkError) -> PendingEmailLink {
        var settings = settings
        settings.canHandleCodeInApp = true
        let address = email.trimmingWhitespace()
        do { try EmailAddressCheck.check(address) } catch { throw .invalidEmail(error) }
        let reply: SendOobCodeResponse
        do {
            // The web SDK always names its client type on sendOobCode.
            reply = try await recaptcha.send(
                SendOobCodeRequest(kind: .emailSignIn(email: address), settings: settings, clientType: .web))
        } catch {
            throw .signIn(error)
        }
        let pending = PendingEmailLink(
            email: reply.email.flatMap { $0.isEmpty ? nil : $0 } ?? address, sentAt: now,
            continueURL: settings.continueUrl ?? "", apiKey: environment.client.configuration.apiKey,
            project: environment.project)
        do {
            try PendingEmailLinkStore(directory: environment.directory).save(pending)
        } catch {
            throw .pendingNotSaved(email: pending.email, error)
        }
        return pending
    }
}
