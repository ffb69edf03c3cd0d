import AuthflowIdentityToolkit
import AuthflowParsing

/// Why the hosted handler's address could not be made; each flow reports these in its own terms.
enum HostedHandlerSetupError: Error {
    /// The handler returns to an iOS app's custom scheme, and these settings are missing.
    case notConfigured(missing: [IOSAppSetting])
    /// The auth domain could not be worked out.
    case authDomain(AuthDomainError)
    /// The App Check token for the page could not be had.
    case appCheck(IdentityToolkitError)
}

extension IdPRedirectURL {
    /// The handler's address for `providerID` in `environment`, after checking the configuration gives the
    /// handler an app to return to; the auth domain is the emulator, or resolved as the SDKs do.
    static func prepare(
        providerID: String, scopes: [String], customParameters: [String: String], in environment: FlowEnvironment
    ) async throws(HostedHandlerSetupError) -> (IdPRedirectURL, CallbackScheme) {
        let configuration = environment.configuration
        let missing = IOSAppSetting.missing(in: configuration)
        guard missing.isEmpty, let scheme = configuration.callbackScheme, let bundleID = configuration[.iosBundleID]
        else {
            throw .notConfigured(missing: missing)
        }
        var authDomain = configuration.emulatorHost
        if authDomain == nil {
            do {
                authDomain = try await AuthDomainResolver(client: environment.client).resolve(configuration).authDomain
            } catch {
                throw .authDomain(error)
            }
        }
        let appCheckToken: String?
        do {
            appCheckToken = try await environment.client.appCheckToken()
        } catch {
            throw .appCheck(error)
        }
        let page = IdPRedirectURL(
            providerID: providerID, authDomain: authDomain ?? "", emulator: configuration.emulatorHost != nil,
            apiKey: environment.client.configuration.apiKey, bundleID: bundleID,
            clientVersion: environment.client.configuration.clientVersion, scheme: scheme,
            tenantID: configuration.tenantID, scopes: scopes, customParameters: customParameters,
            languageCode: configuration.firebaseLanguageCode, appCheckToken: appCheckToken)
        return (page, scheme)
    }
}
