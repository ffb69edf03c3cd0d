import AuthflowIdentityToolkit
import Foundation

/// Sends the calls the email/password provider's reCAPTCHA Enterprise setting protects (`sendOobCode`,
/// `signInWithPassword`, `signUp`) as the project's `recaptchaConfig` asks. Every call carries
/// `clientType: CLIENT_TYPE_WEB`, with or without a token, as the web SDK's requests do.
///
/// - `ENFORCE`: a token for the call's action is attached before the first send, with
///   `recaptchaVersion: RECAPTCHA_ENTERPRISE`.
/// - `AUDIT` with a source that needs nobody's attention (``RecaptchaTokenSource/isUnattended``, a command):
///   the same, as the SDKs attach a token once they know the configuration, so the project's audit sees the
///   call. The configuration is read for it on every call (the record below holds no state and no site key).
/// - `AUDIT` with only the page, `OFF`, or no configuration (an emulator answers 501): sent without a token; if
///   the server refuses with `MISSING_RECAPTCHA_TOKEN` (the project audits, or enforces since the configuration
///   was read) the call is sent once more with a token, never a third time. A page is not opened for a token
///   the project does not require.
///
/// What a read found is kept for the next runs only when it was NOT `ENFORCE`
/// (``RecaptchaNotEnforcedRecord``): while that record is recent and no command gives tokens, the read is
/// skipped and the call goes without a token first; a refusal with `MISSING_RECAPTCHA_TOKEN` reads the
/// configuration again and updates or removes the record.
///
/// Without a token source, a call that needs a token fails with
/// ``RecaptchaProtectionError/tokenNeeded(action:enforcement:)`` before anything protected is sent (under
/// ENFORCE), or after the one refusal that asked for it. A refusal of the reCAPTCHA fields themselves
/// (``PhoneSignInError/enterpriseFieldCodes``) is ``RecaptchaProtectionError/refused(action:code:)``.
public struct RecaptchaProtection: Sendable {
    private let client: IdentityToolkitClient
    private let project: SessionProject
    private let tokens: (any RecaptchaTokenSource)?
    private let record: RecaptchaNotEnforcedStore

    /// Protection for `environment`'s project with `tokens` (nil: no way to get a token).
    public init(_ environment: FlowEnvironment, tokens: (any RecaptchaTokenSource)?) {
        self.client = environment.client
        self.project = environment.project
        self.tokens = tokens
        self.record = RecaptchaNotEnforcedStore(directory: environment.directory)
    }

    /// Sends `request`, with a token when the project requires one (see the type's description).
    public func send<Request: RecaptchaProtectedRequest>(
        _ request: Request
    ) async throws(SignInError) -> Request.Response {
        var request = request
        request.clientType = .web
        // A recent record that the project does not enforce stands in for the read (see the type's description),
        // unless a token could be attached under AUDIT without anyone's attention: that needs the state.
        let unattended = tokens?.isUnattended == true
        var config = !unattended && record.isNotEnforced(at: Date()) ? nil : await recaptchaConfig()
        let enforcement = config?.enforcementState(for: .emailPassword) ?? .off
        if enforcement == .enforce || (enforcement == .audit && unattended) {
            return try await sendWithToken(request, config: config, enforcement: enforcement)
        }
        do {
            return try await client.send(request)
        } catch {
            guard error.serverError?.code == .missingRecaptchaToken else { throw Self.failure(error, request) }
        }
        // The configuration may be out of date (or was never read): read it again for the site key. The read
        // updates the record; without one, the server's refusal alone says the record no longer holds.
        if config?.siteKey == nil {
            config = await recaptchaConfig()
        } else {
            record.forget()
        }
        let now = config?.enforcementState(for: .emailPassword) ?? .enforce
        return try await sendWithToken(request, config: config, enforcement: now == .off ? .enforce : now)
    }

    /// `error` as the call's failure: a refusal of the reCAPTCHA fields names the action it was for.
    private static func failure<Request: RecaptchaProtectedRequest>(
        _ error: IdentityToolkitError, _ request: Request
    ) -> SignInError {
        guard let code = error.serverError?.code, PhoneSignInError.enterpriseFieldCodes.contains(code) else {
            return .service(error)
        }
        return .recaptcha(.refused(action: Request.recaptchaAction, code: code))
    }

    private func sendWithToken<Request: RecaptchaProtectedRequest>(
        _ request: Request, config: GetRecaptchaConfigResponse?, enforcement: RecaptchaEnforcementState
    ) async throws(SignInError) -> Request.Response {
        let action = Request.recaptchaAction
        guard let tokens else { throw .recaptcha(.tokenNeeded(action: action, enforcement: enforcement)) }
        guard let siteKey = config?.siteKey else { throw .recaptcha(.noSiteKey(action: action)) }
        var protected = request
        do {
            protected.recaptchaEnterpriseToken = try await tokens.token(
                for: RecaptchaTokenRequest(action: action, siteKey: siteKey, project: project))
        } catch {
            throw .recaptcha(error)
        }
        do {
            return try await client.send(protected)
        } catch {
            throw Self.failure(error, protected)
        }
    }

    /// The project's configuration, or nil when it cannot be read (an emulator's 501, a network failure):
    /// then the server's `MISSING_RECAPTCHA_TOKEN` is what asks for a token. A read that answered is recorded
    /// (``RecaptchaNotEnforcedStore``); a failure to reach the server is not.
    private func recaptchaConfig() async -> GetRecaptchaConfigResponse? {
        let config: GetRecaptchaConfigResponse
        do {
            config = try await client.send(GetRecaptchaConfigRequest(clientType: .web, tenantID: project.tenantID))
        } catch {
            // The Auth Emulator does not implement the endpoint: a project without a configuration.
            if let refusal = error.serverError, refusal.httpStatus == 501 || refusal.status == "NOT_IMPLEMENTED" {
                record.recordNotEnforced(at: Date())
            }
            return nil
        }
        switch config.enforcementState(for: .emailPassword) {
        case .off, .audit: record.recordNotEnforced(at: Date())
        case .enforce, .unspecified: record.forget()
        }
        return config
    }
}
