import AuthflowParsing
import AuthflowPrimitives
import Foundation

/// The hosted handler's address for one identity-provider redirect attempt, as the iOS SDK's headful flow
/// builds it for any provider:
/// `https://<authDomain>/__/auth/handler?apiKey&authType=signInWithRedirect&ibi&sessionId&v&eventId&providerId&clientId|appId[&tid][&scopes][&customParameters][&hl]`.
///
/// `sessionId` carries the SHA-256 (lowercase hex) of a raw session ID that only `signInWithIdp` receives,
/// so an intercepted callback cannot be completed elsewhere. Against an emulator the widget is
/// `http://<host:port>/emulator/auth/handler`.
public struct IdPRedirectURL: Sendable, Equatable {
    /// The full URL to open.
    public let url: String
    /// The attempt's event ID, which the callback must carry.
    public let eventID: String
    /// The raw session ID, sent later as `sessionId` to `signInWithIdp`.
    public let sessionID: String
    /// The provider the handler signs in with, e.g. `github.com`.
    public let providerID: String

    /// The URL for `providerID`, returning to `scheme`'s app.
    ///
    /// - Parameters:
    ///   - providerID: the Firebase provider ID (`google.com`, `oidc.<id>`, `saml.<id>`, …).
    ///   - authDomain: the host serving the handler (an emulator's `host:port`).
    ///   - emulator: whether `authDomain` is an emulator (plain HTTP, its own widget path).
    ///   - apiKey: the project's API key.
    ///   - bundleID: the iOS bundle ID, sent as `ibi`; the handler returns to that app's scheme.
    ///   - clientVersion: sent as `v`, where iOS sends its user agent.
    ///   - scheme: the app's callback scheme; its identifier is sent as `clientId` or `appId`.
    ///   - tenantID: the Identity Platform tenant, sent as `tid`.
    ///   - scopes: OAuth scopes, comma-joined. With none, `scopes=` goes empty, as from iOS: its `OAuthProvider`
    ///     starts with `scopes = [""]` and `getHeadfulLiteUrl` adds `scopes` whenever that array is not empty
    ///     (`AuthProvider/OAuthProvider.swift`); only a provider whose scopes were set to `[]` leaves it out, as
    ///     the JS SDK (which drops empty scopes, `core/util/handler.ts`) always does.
    ///   - customParameters: extra provider parameters (`prompt`, `login_hint`, `tenant`, `locale`), sent as
    ///     one JSON object with sorted keys.
    ///   - languageCode: the page's language, sent as `hl`.
    ///   - eventID: the attempt's event ID; nil makes a fresh one.
    ///   - sessionID: the raw session ID; nil makes a fresh one.
    ///   - appCheckToken: the App Check token, sent as the `#fac=` fragment when there is one.
    public init(
        providerID: String, authDomain: String, emulator: Bool, apiKey: String, bundleID: String,
        clientVersion: String, scheme: CallbackScheme, tenantID: String?, scopes: [String],
        customParameters: [String: String], languageCode: String?, eventID: String? = nil, sessionID: String? = nil,
        appCheckToken: String? = nil
    ) {
        let eventID = eventID ?? HostedHandlerID.make()
        let sessionID = sessionID ?? HostedHandlerID.make()
        var items: [(String, String)] = [
            ("apiKey", apiKey), ("authType", "signInWithRedirect"), ("ibi", bundleID),
            ("sessionId", SHA256.hex(sessionID)), ("v", clientVersion), ("eventId", eventID),
            ("providerId", providerID),
            HostedHandlerAddress.appIdentifier(of: scheme),
        ]
        if let tenantID, !tenantID.isEmpty { items.append(("tid", tenantID)) }
        items.append(("scopes", scopes.joined(separator: ",")))
        if !customParameters.isEmpty { items.append(("customParameters", Self.json(customParameters))) }
        if let languageCode, !languageCode.isEmpty { items.append(("hl", languageCode)) }
        self.url = HostedHandlerAddress.url(
            authDomain: authDomain, secure: !emulator, path: emulator ? "/emulator/auth/handler" : "/__/auth/handler",
            items: items, appCheckToken: appCheckToken)
        self.eventID = eventID
        self.sessionID = sessionID
        self.providerID = providerID
    }

    /// The parameters as one JSON object, keys sorted: an open shape, so ``JSONWriter`` rather than Codable.
    private static func json(_ parameters: [String: String]) -> String {
        JSONWriter.string(.object(JSONObject(parameters.map { ($0.key, .string($0.value)) })), sortingKeys: true)
    }
}

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
