import AuthflowParsing

/// The address of Firebase's hosted reCAPTCHA page for one attempt, built as the iOS SDK builds it:
/// `https://<authDomain>/__/auth/handler?apiKey=…&authType=verifyApp&ibi=…&v=…&eventId=…&clientId=…|appId=…[&hl=…]`,
/// in that order, with no tenant, provider or redirect parameters.
///
/// Against an emulator the page is the emulator's own (`http://<host:port>/__/auth/handler`): iOS uses the
/// emulator's `host:port` as the auth domain too, but the emulator serves plain HTTP.
public struct HostedVerifyAppURL: Sendable, Equatable {
    /// The full URL to open.
    public let url: String
    /// The attempt's event ID, which the callback must carry.
    public let eventID: String

    /// The URL for `scheme`'s app on `authDomain`.
    ///
    /// - Parameters:
    ///   - authDomain: the host serving `/__/auth/handler` (an emulator's `host:port`).
    ///   - secure: `https`, except for an emulator.
    ///   - apiKey: the project's API key.
    ///   - bundleID: the iOS bundle ID, sent as `ibi` (empty when unknown, as iOS sends it).
    ///   - clientVersion: sent as `v`, where iOS sends its user agent.
    ///   - scheme: the app's callback scheme; its identifier is sent as `clientId` or `appId`.
    ///   - languageCode: the page's language, sent as `hl`.
    ///   - eventID: the attempt's event ID; nil makes a fresh one (tests pass their own).
    ///   - appCheckToken: the App Check token, sent as the `#fac=` fragment when there is one.
    public init(
        authDomain: String, secure: Bool = true, apiKey: String, bundleID: String?, clientVersion: String,
        scheme: CallbackScheme, languageCode: String?, eventID: String? = nil, appCheckToken: String? = nil
    ) {
        let eventID = eventID ?? HostedHandlerID.make()
        var items: [(String, String)] = [
            ("apiKey", apiKey), ("authType", "verifyApp"), ("ibi", bundleID ?? ""), ("v", clientVersion),
            ("eventId", eventID), HostedHandlerAddress.appIdentifier(of: scheme),
        ]
        if let languageCode, !languageCode.isEmpty { items.append(("hl", languageCode)) }
        self.url = HostedHandlerAddress.url(
            authDomain: authDomain, secure: secure, path: "/__/auth/handler", items: items,
            appCheckToken: appCheckToken)
        self.eventID = eventID
    }
}
