import AuthflowParsing

/// The hosted handler's address for one Sign in with Apple attempt: an ``IdPRedirectURL`` for `apple.com`.
public typealias AppleRedirectURL = IdPRedirectURL

extension IdPRedirectURL {
    /// The URL of a Sign in with Apple attempt for `scheme`'s app; see
    /// ``init(providerID:authDomain:emulator:apiKey:bundleID:clientVersion:scheme:tenantID:scopes:customParameters:languageCode:eventID:sessionID:appCheckToken:)``
    /// for the parameters (Apple's scopes are `email` and `name`; its one custom parameter is `locale`).
    public init(
        authDomain: String, emulator: Bool, apiKey: String, bundleID: String, clientVersion: String,
        scheme: CallbackScheme, tenantID: String?, scopes: [String], customParameters: [String: String],
        languageCode: String?, eventID: String? = nil, sessionID: String? = nil, appCheckToken: String? = nil
    ) {
        self.init(
            providerID: AppleCredential.providerID, authDomain: authDomain, emulator: emulator, apiKey: apiKey,
            bundleID: bundleID, clientVersion: clientVersion, scheme: scheme, tenantID: tenantID, scopes: scopes,
            customParameters: customParameters, languageCode: languageCode, eventID: eventID, sessionID: sessionID,
            appCheckToken: appCheckToken)
    }
}
