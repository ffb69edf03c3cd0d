/// Exchanges a reCAPTCHA Enterprise token, obtained in a browser for the app's App Check site key with the
/// action `fire_app_check`, for an App Check token, as the JS SDK's `ReCaptchaEnterpriseProvider` does:
/// `{"recaptcha_enterprise_token": …}` to `projects/<id>/apps/<appId>:exchangeRecaptchaEnterpriseToken`.
public struct ExchangeRecaptchaEnterpriseTokenRequest: IdentityToolkitRequest, Encodable {
    public typealias Response = AppCheckTokenResponse
    public static let endpoint = Endpoint.exchangeRecaptchaEnterpriseToken

    /// The reCAPTCHA action the JS SDK executes for App Check; the page asks for this one.
    public static let recaptchaAction = RecaptchaAction.fireAppCheck.rawValue

    /// The app the token is for; part of the path, not the body.
    public var app: AppCheckResource
    /// The reCAPTCHA Enterprise token (a secret).
    public var recaptchaEnterpriseToken: String

    /// A request exchanging `recaptchaEnterpriseToken` for `app`.
    public init(app: AppCheckResource, recaptchaEnterpriseToken: String) {
        self.app = app
        self.recaptchaEnterpriseToken = recaptchaEnterpriseToken
    }

    public var resourcePath: String? { app.path }

    public func validate() throws(IdentityToolkitError) {
        if recaptchaEnterpriseToken.isEmpty { throw .invalidRequest(.missingRecaptchaEnterpriseToken) }
    }

    enum CodingKeys: String, CodingKey {
        case recaptchaEnterpriseToken = "recaptcha_enterprise_token"
    }
}
