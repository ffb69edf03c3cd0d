import AuthflowListener
import AuthflowParsing
import AuthflowPrimitives
import Foundation

/// The web route's page, served at `http://localhost:PORT/oauth?state=…` (`localhost` is an authorized
/// domain by default, `127.0.0.1` is not). The page (`templates/oauth-web.html`) imports the modular
/// Firebase JS SDK from ``FirebaseWebSDK`` and uses only its documented API: `initializeApp` with the
/// project's web config, `getAuth`, `connectAuthEmulator` against an emulator, the provider's class with
/// `addScope` and `setCustomParameters`, `signInWithPopup` (a pop-up blocked without a click is opened by
/// the page's button; `signInWithRedirect` then `getRedirectResult` only where ``redirectReturns(_:)``),
/// `user.getIdToken()`, `user.refreshToken`,
/// `OAuthProvider.credentialFromResult`, `getAdditionalUserInfo`, and `getMultiFactorResolver` for a
/// second factor. It posts the outcome, with the page's `state`, to ``answerPath``. When authflow sends App
/// Check tokens, the page runs `initializeAppCheck` with a `CustomProvider` whose `getToken` posts the page's
/// `state` to ``appCheckPath`` and gets authflow's token (``AppCheckHandoff``), so the SDK's requests carry
/// `X-Firebase-AppCheck` as authflow's own do.
public final class LoopbackOAuthWebPage: Sendable {
    /// The page itself.
    public static let pagePath = "/oauth"
    /// Where the page posts its outcome: the listener's callback path.
    public static let answerPath = "/oauth/answer"
    /// The template file in `templates/`.
    public static let templateName = "oauth-web.html"
    /// Where the page's App Check `CustomProvider` asks for the token (`POST state=…`).
    public static let appCheckPath = "/oauth/app-check"

    /// The App Check token authflow hands the page, and where App Check's exchanges go.
    public struct AppCheckHandoff: Sendable, Equatable {
        /// The token authflow's own requests carry (the SDKs' placeholder after a failure).
        public var token: String
        /// When it expires, as the `CustomProvider`'s `expireTimeMillis`.
        public var expiresAt: Date
        /// App Check's origin (`https://content-firebaseappcheck.googleapis.com`, or the configured URL's),
        /// the one App Check host the page's Content-Security-Policy lets it reach.
        public var origin: String

        /// A token valid until `expiresAt`, for the App Check service at `origin`.
        public init(token: String, expiresAt: Date, origin: String) {
            self.token = token
            self.expiresAt = expiresAt
            self.origin = origin
        }
    }

    /// The project's web config, as `initializeApp` takes it.
    public struct WebConfig: Sendable, Equatable {
        /// `apiKey`.
        public var apiKey: String
        /// `authDomain`.
        public var authDomain: String
        /// `projectId`.
        public var projectID: String
        /// `appId`, when configured.
        public var appID: String?
        /// `tenantId` for `auth.tenantId`, when configured.
        public var tenantID: String?
        /// The emulator's `http://host:port` for `connectAuthEmulator`; nil against production.
        public var emulatorOrigin: String?

        /// A web config.
        public init(
            apiKey: String, authDomain: String, projectID: String, appID: String?, tenantID: String?,
            emulatorOrigin: String?
        ) {
            self.apiKey = apiKey
            self.authDomain = authDomain
            self.projectID = projectID
            self.appID = appID
            self.tenantID = tenantID
            self.emulatorOrigin = emulatorOrigin
        }
    }

    /// The unguessable value every request from the page carries.
    public let state: String
    private let provider: OAuthProvider
    private let config: WebConfig
    private let sdk: FirebaseWebSDK
    private let scopes: [String]
    private let customParameters: [String: String]
    private let languageCode: String?
    private let appCheck: AppCheckHandoff?
    private let frame: LoopbackPageFrame

    /// A page signing in with `provider` under `config`, loading `sdk`; with `appCheck`, its JS SDK sends that
    /// App Check token.
    public init(
        provider: OAuthProvider, config: WebConfig, sdk: FirebaseWebSDK, scopes: [String],
        customParameters: [String: String], languageCode: String?, templates: TemplateDirectory,
        appCheck: AppCheckHandoff? = nil, state: String = RandomToken.make()
    ) {
        self.appCheck = appCheck
        self.provider = provider
        self.config = config
        self.sdk = sdk
        self.scopes = scopes
        self.customParameters = customParameters
        self.languageCode = languageCode.flatMap(LoopbackRecaptchaPage.validLanguage)
        self.frame = LoopbackPageFrame(
            templateName: Self.templateName, pagePath: Self.pagePath, state: state,
            renderer: PageRenderer(directory: templates))
        self.state = state
    }

    /// Checks the template loads, so a broken branded copy is reported before the browser opens.
    public func preload() throws(TemplateError) {
        try frame.preload()
    }

    /// The address to open: on `localhost`, never `127.0.0.1`.
    public func url(port: UInt16) -> String {
        frame.url(port: port)
    }

    /// The listener check for the page's post: this page's state, and tokens or an `error` code.
    public var check: CallbackCheck<WebSignInAnswer> {
        let provider = provider
        return frame.postedAnswerCheck(page: .webSignIn) { parameters in
            let email = parameters.nonEmptyValue("email", rule: .firstWins)
            let credential = parameters.nonEmptyValue("credential", rule: .firstWins).flatMap { text in
                (try? JSONParser.parse(text)).flatMap {
                    PendingOAuthCredential(webCredential: $0, providerID: provider.id, email: email)
                }
            }
            if let code = parameters.nonEmptyValue("error", rule: .firstWins) {
                let hints = Self.hints(parameters.value("hints", rule: .firstWins))
                return .acceptedWithError(
                    .failed(code: code, email: email, hints: hints, credential: credential),
                    failure: OAuthSignInError(webCode: code, email: email, hints: hints, provider: provider))
            }
            guard let idToken = parameters.nonEmptyValue("idToken", rule: .firstWins),
                let refreshToken = parameters.nonEmptyValue("refreshToken", rule: .firstWins)
            else {
                return .rejected(LoopbackPageRejection.incomplete(.webSignIn))
            }
            let value = { (name: String) in parameters.nonEmptyValue(name, rule: .firstWins) }
            return .accepted(
                .signedIn(
                    WebSignInTokens(
                        idToken: idToken, refreshToken: refreshToken, isNewUser: value("isNewUser") == "true",
                        providerAccessToken: value("accessToken"), providerIDToken: value("providerIdToken"),
                        providerSecret: value("secret"), rawUserInfo: value("rawUserInfo"), email: email,
                        displayName: value("displayName"), photoURL: value("photoURL"), credential: credential)))
        }
    }

    /// The page, served beside the answer path, and with App Check the token's path.
    public var routes: [String: @Sendable (LoopbackRequest) -> LoopbackResponse] {
        var routes: [String: @Sendable (LoopbackRequest) -> LoopbackResponse] = [Self.pagePath: { [self] in page($0) }]
        if appCheck != nil { routes[Self.appCheckPath] = { [self] in appCheckToken($0) } }
        return routes
    }

    /// The App Check token for the page's `CustomProvider`: `{"token": …, "expireTimeMillis": …}` to a `POST`
    /// carrying this page's state, a refusal to anything else.
    private func appCheckToken(_ request: LoopbackRequest) -> LoopbackResponse {
        guard request.method == "POST" else {
            return LoopbackPageFrame.refusal(.wrongMethod(.webSignIn, expected: "POST"), status: 405)
        }
        guard let appCheck, frame.isOurs(QueryParameters(query: request.text[...], plusAsSpace: true)) else {
            return LoopbackPageFrame.refusal(.anotherAttempt(.webSignIn), status: 403)
        }
        let millis = (appCheck.expiresAt.timeIntervalSince1970 * 1000).rounded()
        return LoopbackResponse(
            status: 200,
            headers: [
                HTTPHeader(name: "Content-Type", value: "application/json"),
                HTTPHeader(name: "Cache-Control", value: "no-store"),
            ],
            body: JSONWriter.bytes(
                .object([("token", .string(appCheck.token)), ("expireTimeMillis", .number(millis))])))
    }

    private func page(_ incoming: LoopbackRequest) -> LoopbackResponse {
        if let refusal = frame.refusal(ofPageRequest: incoming, page: .webSignIn) { return refusal }
        let nonce = RandomToken.make(bytes: 16)
        var webConfig: [(String, JSONValue)] = [
            ("apiKey", .string(config.apiKey)), ("authDomain", .string(config.authDomain)),
            ("projectId", .string(config.projectID)),
        ]
        if let appID = config.appID { webConfig.append(("appId", .string(appID))) }
        let parameters = customParameters.sorted { $0.key < $1.key }.map { ($0.key, JSONValue.string($0.value)) }
        let context: TemplateContext = [
            "state": .text(state), "answerPath": .text(Self.answerPath), "nonce": .text(nonce),
            "lang": .text(languageCode ?? "en"), "providerId": .text(provider.id),
            "providerClass": .text(Self.providerClass(provider)),
            "appModule": .text(sdk.appModule), "authModule": .text(sdk.authModule),
            "config": .text(JSONWriter.string(.object(JSONObject(webConfig)))),
            "scopes": .text(JSONWriter.string(.array(scopes.map(JSONValue.string)))),
            "customParameters": .text(JSONWriter.string(.object(JSONObject(parameters)))),
            "tenantId": .text(config.tenantID ?? ""), "emulator": .text(config.emulatorOrigin ?? ""),
            "languageCode": .text(languageCode ?? ""),
            "redirect": .text(Self.redirectReturns(config) ? "same-site" : ""),
            "appCheck": .text(appCheck == nil ? "" : Self.appCheckPath), "appCheckModule": .text(sdk.appCheckModule),
        ]
        return frame.render(
            context,
            policy: Self.contentSecurityPolicy(nonce: nonce, sdk: sdk, config: config, appCheckOrigin: appCheck?.origin)
        )
    }

    /// The JS SDK's class for `provider`: `GoogleAuthProvider`, `GithubAuthProvider`, `FacebookAuthProvider`,
    /// `TwitterAuthProvider`, `SAMLAuthProvider`, else `OAuthProvider` (Microsoft, Yahoo, Apple, OIDC).
    static func providerClass(_ provider: OAuthProvider) -> String {
        switch provider.family {
        case .google: "GoogleAuthProvider"
        case .github: "GithubAuthProvider"
        case .facebook: "FacebookAuthProvider"
        case .twitter: "TwitterAuthProvider"
        case .saml: "SAMLAuthProvider"
        case .microsoft, .yahoo, .apple, .oidc: "OAuthProvider"
        }
    }

    /// Whether `signInWithRedirect` can bring its result back to this page, so the page may fall back to it
    /// when even a clicked pop-up is blocked. The handler keeps the redirect's result in its own origin's
    /// storage, and the page reads it through the auth iframe it embeds; browsers that partition an embedded
    /// frame's storage by the top-level site (Chromium) give that iframe other storage unless the handler is on
    /// the page's own site (`http://localhost`; the port does not count), so the result never comes back
    /// (`auth/no-auth-event`). Only an emulator on `localhost` is; the auth domain (production) never is.
    static func redirectReturns(_ config: WebConfig) -> Bool {
        guard let origin = config.emulatorOrigin.flatMap({ URLParts($0) }) else { return false }
        return origin.scheme == "http" && origin.host.lowercased() == LoopbackPageFrame.host
    }

    /// The hosts the JS SDK's auth module loads from, as its sources (`packages/auth/src/platform_browser`)
    /// name them. Scripts: the page's own (by nonce), the SDK's base, Google's API loader the pop-up and
    /// redirect use (`iframe/gapi.ts` loads `https://apis.google.com/js/api.js`, which loads its
    /// `gapi.iframes` module from the same host, so the host, not the path), and reCAPTCHA for an SMS second
    /// factor (`recaptcha/recaptcha_loader.ts`: `https://www.google.com/recaptcha/api.js`, whose widget comes
    /// from `www.gstatic.com/recaptcha/`). Frames: the auth domain's `/__/auth/iframe` (`iframe/iframe.ts`;
    /// the emulator's `/emulator/auth/iframe` against an emulator) and reCAPTCHA's challenge. Requests: this
    /// listener, the Identity Toolkit and Secure Token APIs (`identitytoolkit.googleapis.com`,
    /// `securetoken.googleapis.com`), or the emulator; with App Check, App Check's host (`appCheckOrigin`:
    /// `content-firebaseappcheck.googleapis.com`, or the configured App Check URL's, which is where the JS SDK's
    /// `app-check/src/client.ts` exchanges go). Nothing else.
    static func contentSecurityPolicy(
        nonce: String, sdk: FirebaseWebSDK, config: WebConfig, appCheckOrigin: String? = nil
    ) -> String {
        var connect = ["'self'"]
        if let emulator = config.emulatorOrigin {
            connect.append(emulator)
        } else {
            connect += ["https://identitytoolkit.googleapis.com", "https://securetoken.googleapis.com"]
        }
        if let appCheckOrigin, !connect.contains(appCheckOrigin) { connect.append(appCheckOrigin) }
        let frames = config.emulatorOrigin ?? "https://\(config.authDomain)"
        return [
            "default-src 'none'",
            "script-src 'nonce-\(nonce)' \(sdk.base)/ https://apis.google.com https://www.google.com/recaptcha/ "
                + "https://www.gstatic.com/recaptcha/",
            "frame-src \(frames) https://www.google.com/recaptcha/ https://recaptcha.google.com/recaptcha/",
            "connect-src " + connect.joined(separator: " "),
            "style-src 'unsafe-inline'", "img-src data:", "base-uri 'none'", "form-action 'none'",
            "frame-ancestors 'none'",
        ].joined(separator: "; ")
    }

    /// The `hints` the page posts: a JSON array of `{uid, factorId, displayName, phoneNumber}`.
    static func hints(_ text: String?) -> [WebSecondFactorHint] {
        guard let text, let array = (try? JSONParser.parse(text))?.arrayValue else { return [] }
        return array.compactMap { hint in
            guard let uid = hint["uid"]?.stringValue, let factor = hint["factorId"]?.stringValue else { return nil }
            return WebSecondFactorHint(
                enrollmentID: uid, factorID: factor, displayName: hint["displayName"]?.stringValue,
                phoneNumber: hint["phoneNumber"]?.stringValue)
        }
    }
}
