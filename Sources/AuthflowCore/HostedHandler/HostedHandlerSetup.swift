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

/// What every page on Firebase's hosted handler (`/__/auth/handler`, the reCAPTCHA page and the identity
/// providers' redirect alike) needs from the project: the host serving it and the App Check token for its
/// `#fac=` fragment. The one place these are worked out.
struct HostedHandlerSetup: Sendable {
    /// The host serving the handler: an emulator's `host:port`, else the project's auth domain.
    let authDomain: String
    /// Whether the handler is an emulator's (plain HTTP).
    let emulator: Bool
    /// The App Check token for the page, when the client has a source for one.
    let appCheckToken: String?

    /// The handler's host and App Check token for `client`'s project. Against an emulator with no auth
    /// domain at all, the host is the emulator itself, with no lookup, as the iOS SDK's
    /// `AuthWebUtils.fetchAuthDomain` does. Otherwise it is the auth domain as ``AuthDomainResolver`` settles
    /// it: the emulator's when the configuration derived it so, a configured one (emulator or not) only once the
    /// project authorizes it, so no browser opens on a handler that would refuse to finish; else the project's
    /// default.
    static func prepare(
        client: IdentityToolkitClient, configuration: ProjectConfiguration
    ) async throws(HostedHandlerSetupError) -> HostedHandlerSetup {
        let authDomain: String
        if let emulatorHost = configuration.emulatorHost, configuration.values[.authDomain] == nil {
            authDomain = emulatorHost
        } else {
            do {
                authDomain = try await AuthDomainResolver(client: client).resolve(configuration).authDomain ?? ""
            } catch {
                throw .authDomain(error)
            }
        }
        let appCheckToken: String?
        do {
            appCheckToken = try await client.appCheckToken()
        } catch {
            throw .appCheck(error)
        }
        return HostedHandlerSetup(
            authDomain: authDomain, emulator: configuration.emulatorHost != nil, appCheckToken: appCheckToken)
    }
}

extension IdPRedirectURL {
    /// The handler's address for `providerID` in `environment`, after checking the configuration gives the
    /// handler an app to return to.
    static func prepare(
        providerID: String, scopes: [String], customParameters: [String: String], in environment: FlowEnvironment
    ) async throws(HostedHandlerSetupError) -> (IdPRedirectURL, CallbackScheme) {
        let configuration = environment.configuration
        let missing = IOSAppSetting.missing(in: configuration)
        guard missing.isEmpty, let scheme = configuration.callbackScheme, let bundleID = configuration[.iosBundleID]
        else {
            throw .notConfigured(missing: missing)
        }
        let setup = try await HostedHandlerSetup.prepare(client: environment.client, configuration: configuration)
        let page = IdPRedirectURL(
            providerID: providerID, authDomain: setup.authDomain, emulator: setup.emulator,
            apiKey: environment.client.configuration.apiKey, bundleID: bundleID,
            clientVersion: environment.client.configuration.clientVersion, scheme: scheme,
            tenantID: configuration.tenantID, scopes: scopes, customParameters: customParameters,
            languageCode: configuration.firebaseLanguageCode, appCheckToken: setup.appCheckToken)
        return (page, scheme)
    }
}
