import AuthflowIdentityToolkit
import AuthflowLocalization
import AuthflowPrimitives
import AuthflowStorage
import Foundation

extension ProjectConfiguration {
    /// The Identity Toolkit client settings these values describe: API key, server (an emulator when
    /// configured), tenant, app ID, language and bundle ID.
    ///
    /// `Accept-Language` is the configured language, else the one the process environment's locale names
    /// (`LC_ALL`, `LC_MESSAGES`, `LANG`), as the iOS SDK sends the app's preferred localization.
    public func identityToolkitConfiguration(
        retry: RetryPolicy = .default,
        environment: [String: String] = ProcessEnvironment.current()
    ) throws(ConfigurationError) -> IdentityToolkitConfiguration {
        let apiKey = try require(.apiKey, purpose: "Talking to Firebase Auth")
        var server = AuthServer.production
        if let host = self[.emulatorHost] {
            do {
                server = try AuthServer.emulator(parsing: host)
            } catch {
                throw .invalidValue(
                    key: .emulatorHost, value: host, source: source(of: .emulatorHost) ?? .defaultValue(.unspecified),
                    reason: .emulatorHost(error))
            }
        }
        var settings = IdentityToolkitConfiguration(
            apiKey: apiKey,
            server: server,
            authflowVersion: AuthflowVersion.current,
            tenantID: tenantID,
            appID: self[.appID],
            locale: firebaseLanguageCode,
            iosBundleID: self[.iosBundleID],
            retry: retry)
        settings.androidPackage = androidPackage
        settings.androidCertificateSHA1 = self[.androidCertificateSHA1].flatMap(AndroidAppIdentity.certificateSHA1)
        settings.referrer = self[.referrer]
        settings.appCheckEndpoint = self[.appCheckURL].flatMap(AppCheckEndpoint.init(parsing:))
        settings.acceptLanguage = firebaseLanguageCode ?? PosixLocale.languageTag(environment)
        return settings
    }

    /// Where this project's sessions are kept under `root`; nil without a project ID.
    public func stateDirectory(under root: StateDirectory) -> ProjectStateDirectory? {
        guard let projectID else { return nil }
        return ProjectStateDirectory(root: root, projectID: projectID, tenantID: tenantID, emulatorHost: emulatorHost)
    }
}
