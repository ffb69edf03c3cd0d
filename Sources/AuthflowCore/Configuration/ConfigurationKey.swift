/// The settings a Firebase project contributes to a flow, with the names each source spells them by.
public enum ConfigurationKey: String, CaseIterable, Sendable, Codable {
    case apiKey
    case projectID
    case authDomain
    case appID
    case clientID
    case iosBundleID
    case tenantID
    case emulatorHost
    case languageCode
    /// An App Check debug token registered in the Firebase console (a secret).
    case appCheckDebugToken
    /// A command that prints an App Check token.
    case appCheckTokenCommand
    /// The reCAPTCHA Enterprise site key the web app is registered with in App Check.
    case appCheckSiteKey
    /// The base that replaces App Check's own service, `https://content-firebaseappcheck.googleapis.com`
    /// (``AppCheckEndpoint``); against an Auth emulator, App Check is used only when it is set.
    case appCheckURL
    /// The Android app's package name, for API keys restricted to Android apps.
    case androidPackage
    /// The SHA-1 fingerprint of the Android app's signing certificate (40 hex digits, colons allowed).
    case androidCertificateSHA1
    /// The web page URL sent as `Referer`, for API keys restricted to websites.
    case referrer
    /// The language Google is told (`X-Firebase-Locale`, `hl`) when it should differ from the language in
    /// force (``languageCode``), which it follows otherwise.
    case firebaseLanguageCode
    /// The client ID of the GitHub OAuth app whose device flow `oauth sign-in --device` uses.
    case githubDeviceClientID
    /// The client ID of a Google "TVs and Limited Input devices" OAuth client.
    case googleDeviceClientID
    /// That Google client's client secret (a secret).
    case googleDeviceClientSecret
    /// The Facebook app ID, for Facebook's device login.
    case facebookAppID
    /// The Facebook app's client token (a secret).
    case facebookClientToken
    /// The client ID of a device-flow client at the OIDC provider.
    case oidcDeviceClientID
    /// The OIDC provider's issuer, whose discovery document names its device endpoints.
    case oidcIssuer
    /// A base URL the GitHub, Google and Facebook device endpoints are asked under instead (a stand-in).
    case deviceEndpointBase

    /// The key as `authflow.json`, `--json` output and the web config spell it.
    public var jsonName: String {
        switch self {
        case .apiKey: "apiKey"
        case .projectID: "projectId"
        case .authDomain: "authDomain"
        case .appID: "appId"
        case .clientID: "clientId"
        case .iosBundleID: "iosBundleId"
        case .tenantID: "tenantId"
        case .emulatorHost: "emulatorHost"
        case .languageCode: "lang"
        case .appCheckDebugToken: "appCheckDebugToken"
        case .appCheckTokenCommand: "appCheckTokenCommand"
        case .appCheckSiteKey: "appCheckSiteKey"
        case .appCheckURL: "appCheckUrl"
        case .androidPackage: "androidPackage"
        case .androidCertificateSHA1: "androidCertSha1"
        case .referrer: "referer"
        case .firebaseLanguageCode: "firebaseLang"
        case .githubDeviceClientID: "githubDeviceClientId"
        case .googleDeviceClientID: "googleDeviceClientId"
        case .googleDeviceClientSecret: "googleDeviceClientSecret"
        case .facebookAppID: "facebookAppId"
        case .facebookClientToken: "facebookClientToken"
        case .oidcDeviceClientID: "oidcDeviceClientId"
        case .oidcIssuer: "oidcIssuer"
        case .deviceEndpointBase: "deviceEndpointBase"
        }
    }

    /// The environment variable that sets it.
    public var environmentVariable: String {
        switch self {
        case .apiKey: "FIREBASE_API_KEY"
        case .projectID: "FIREBASE_PROJECT_ID"
        case .authDomain: "FIREBASE_AUTH_DOMAIN"
        case .appID: "FIREBASE_APP_ID"
        case .clientID: "FIREBASE_CLIENT_ID"
        case .iosBundleID: "FIREBASE_IOS_BUNDLE_ID"
        case .tenantID: "FIREBASE_TENANT_ID"
        case .emulatorHost: "FIREBASE_AUTH_EMULATOR_HOST"
        case .languageCode: "AUTHFLOW_LANG"
        case .appCheckDebugToken: "FIREBASE_APP_CHECK_DEBUG_TOKEN"
        case .appCheckTokenCommand: "AUTHFLOW_APP_CHECK_TOKEN_COMMAND"
        case .appCheckSiteKey: "AUTHFLOW_APP_CHECK_SITE_KEY"
        case .appCheckURL: "AUTHFLOW_APP_CHECK_URL"
        case .androidPackage: "FIREBASE_ANDROID_PACKAGE"
        case .androidCertificateSHA1: "FIREBASE_ANDROID_CERT_SHA1"
        case .referrer: "AUTHFLOW_REFERER"
        case .firebaseLanguageCode: "AUTHFLOW_FIREBASE_LANG"
        case .githubDeviceClientID: "AUTHFLOW_GITHUB_DEVICE_CLIENT_ID"
        case .googleDeviceClientID: "AUTHFLOW_GOOGLE_DEVICE_CLIENT_ID"
        case .googleDeviceClientSecret: "AUTHFLOW_GOOGLE_DEVICE_CLIENT_SECRET"
        case .facebookAppID: "AUTHFLOW_FACEBOOK_APP_ID"
        case .facebookClientToken: "AUTHFLOW_FACEBOOK_CLIENT_TOKEN"
        case .oidcDeviceClientID: "AUTHFLOW_OIDC_DEVICE_CLIENT_ID"
        case .oidcIssuer: "AUTHFLOW_OIDC_ISSUER"
        case .deviceEndpointBase: "AUTHFLOW_DEVICE_ENDPOINT_BASE"
        }
    }

    /// Whether `config show` masks the value (API keys are not secret, but they are not for screenshots; an
    /// App Check debug token, Google's device client secret and Facebook's client token are secrets).
    public var isMasked: Bool {
        self == .apiKey || self == .appCheckDebugToken || self == .googleDeviceClientSecret
            || self == .facebookClientToken
    }
}
