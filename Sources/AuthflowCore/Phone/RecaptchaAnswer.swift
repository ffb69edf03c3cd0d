/// The tokens a reCAPTCHA page produced: the v2 widget's response and, where the project uses reCAPTCHA
/// Enterprise, an Enterprise token. Either may be missing when the route did not ask for it.
public struct RecaptchaAnswer: Sendable, Equatable {
    /// The reCAPTCHA v2 response, sent as `recaptchaToken`.
    public var v2Token: String?
    /// The reCAPTCHA Enterprise token, sent as `captchaResponse`.
    public var enterpriseToken: String?

    /// An answer with the tokens given.
    public init(v2Token: String? = nil, enterpriseToken: String? = nil) {
        self.v2Token = v2Token.flatMap { $0.isEmpty ? nil : $0 }
        self.enterpriseToken = enterpriseToken.flatMap { $0.isEmpty ? nil : $0 }
    }
}
