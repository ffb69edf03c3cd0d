/// Exchanges a debug token registered in the Firebase console (App Check › Apps › Manage debug tokens) for an
/// App Check token, as the JS SDK's debug provider does: `{"debug_token": …}` to
/// `projects/<id>/apps/<appId>:exchangeDebugToken`.
public struct ExchangeDebugTokenRequest: IdentityToolkitRequest, Encodable {
    public typealias Response = AppCheckTokenResponse
    public static let endpoint = Endpoint.exchangeDebugToken

    /// The app the token is for; part of the path, not the body.
    public var app: AppCheckResource
    /// The registered debug token (a secret).
    public var debugToken: String

    /// A request exchanging `debugToken` for `app`.
    public init(app: AppCheckResource, debugToken: String) {
        self.app = app
        self.debugToken = debugToken
    }

    public var resourcePath: String? { app.path }

    public func validate() throws(IdentityToolkitError) {
        if debugToken.isEmpty { throw .invalidRequest(.missingAppCheckDebugToken) }
    }

    enum CodingKeys: String, CodingKey {
        case debugToken = "debug_token"
    }
}
