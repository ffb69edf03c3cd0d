/// GET v2 `recaptchaConfig`: the reCAPTCHA Enterprise site key and each provider's enforcement state.
/// The emulator answers 501.
public struct GetRecaptchaConfigRequest: TenantScopedRequest, Hashable {
    /// The decoded reply.
    public typealias Response = GetRecaptchaConfigResponse
    /// The endpoint this request calls.
    public static let endpoint = Endpoint.getRecaptchaConfig

    /// The client type to get the configuration for.
    public var clientType: RecaptchaClientType
    /// Sent as the `tenantId` query parameter.
    public var tenantID: String?

    /// A request for `clientType`; the web SDK asks for `.web`, iOS for `.ios`.
    public init(clientType: RecaptchaClientType, tenantID: String? = nil) {
        self.clientType = clientType
        self.tenantID = tenantID
    }

    /// The parameters after `key=`, in the order the SDKs send them.
    public var queryItems: [QueryItem] {
        var items = [
            QueryItem(name: "clientType", value: clientType.rawValue),
            QueryItem(name: "version", value: RecaptchaVersion.enterprise),
        ]
        if let tenantID { items.append(QueryItem(name: "tenantId", value: tenantID)) }
        return items
    }
}
