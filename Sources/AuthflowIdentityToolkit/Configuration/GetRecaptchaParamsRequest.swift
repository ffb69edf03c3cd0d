/// GET v1 `recaptchaParams`: the reCAPTCHA v2 site key for the phone verification page.
public struct GetRecaptchaParamsRequest: IdentityToolkitRequest, Hashable {
    /// The decoded reply.
    public typealias Response = GetRecaptchaParamsResponse
    /// The endpoint this request calls.
    public static let endpoint = Endpoint.getRecaptchaParams

    /// The request has no parameters.
    public init() {}
}

/// The reply to ``GetRecaptchaParamsRequest``.
public struct GetRecaptchaParamsResponse: Sendable, Hashable, Decodable, RedactingDescription {
    /// The v2 site key; the emulator sends a fake one.
    public let recaptchaSiteKey: String?
    /// A legacy secure token the widget may use.
    public let recaptchaStoken: String?

    private enum CodingKeys: String, CodingKey {
        case recaptchaSiteKey, recaptchaStoken
    }

    /// Decodes a reply; fields of an unexpected type count as absent.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        recaptchaSiteKey = container.lenientString(.recaptchaSiteKey)
        recaptchaStoken = container.lenientString(.recaptchaStoken)
    }
}
