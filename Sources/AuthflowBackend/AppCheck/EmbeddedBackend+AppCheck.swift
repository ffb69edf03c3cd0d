import Foundation

extension EmbeddedBackend {
    /// Makes every Identity Toolkit and secure-token call need a valid `X-Firebase-AppCheck` token (as a
    /// project that enforces App Check for Authentication does), or stops needing it. Off by default.
    public func setAppCheckEnforced(_ enforced: Bool) {
        service.appCheck.setEnforced(enforced)
    }

    /// The base of this backend's App Check stand-in, `http://<host:port>/app-check`, to pass as
    /// `--app-check-url` (or the Identity Toolkit client's `appCheckEndpoint`): exchanges go to
    /// `<base>/v1/projects/<id>/apps/<appId>:exchangeDebugToken` and `…:exchangeRecaptchaEnterpriseToken`.
    public var appCheckURL: String { baseURL + AppCheckExchange.basePath }

    /// Whether App Check is enforced.
    public var isAppCheckEnforced: Bool { service.appCheck.isEnforced }

    /// Registers a debug token, as adding it under App Check › Apps › Manage debug tokens does; only
    /// registered tokens are exchanged.
    public func registerAppCheckDebugToken(_ token: String) {
        service.appCheck.register(debugToken: token)
    }

    /// Registers a reCAPTCHA Enterprise site key for App Check; the stand-in script's tokens for it (action
    /// `fire_app_check`) are exchanged.
    public func registerAppCheckSiteKey(_ siteKey: String) {
        service.appCheck.register(siteKey: siteKey)
    }

    /// How long the App Check tokens issued from now on live (3600 seconds by default, as in production).
    public func setAppCheckTokenLifetime(seconds: Int) {
        service.appCheck.setTimeToLive(seconds: seconds)
    }

    /// Mints an App Check token as the Admin SDK's `createToken` does, for a custom provider's backend; returns
    /// it with its lifetime in seconds.
    public func mintAppCheckToken() -> (token: String, seconds: Int) {
        service.appCheck.mint(now: Date())
    }

    /// The App Check exchanges clients made, oldest first.
    public var appCheckExchanges: [BackendAppCheckExchange] { service.appCheck.exchanges }

    /// The `X-Firebase-AppCheck` header of every REST call, oldest first.
    public var appCheckPresentations: [BackendAppCheckPresentation] { service.appCheck.presentations }

    /// Forgets issued App Check tokens and the records of exchanges and presentations (registrations and the
    /// enforcement switch stay).
    public func forgetAppCheckTokens() {
        service.appCheck.forgetIssued()
    }
}
