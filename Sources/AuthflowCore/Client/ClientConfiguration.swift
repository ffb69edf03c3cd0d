import AuthflowIdentityToolkit
import AuthflowStorage

extension ProjectConfiguration {
    /// The Identity Toolkit client settings these values describe: API key, server (an emulator when
    /// configured), tenant, app ID, language and bundle ID.
    public func identityToolkitConfiguration(
        retry: RetryPolicy = .default
    ) throws(ConfigurationError) -> IdentityToolkitConfiguration {
        let apiKey = try require(.apiKey, purpose: "Talking to Firebase Auth")
        var server = AuthServer.production
        if let host = self[.emulatorHost] {
            do {
                server = try AuthServer.emulator(parsing: host)
            } catch {
                throw .invalidValue(
                    key: .emulatorHost, value: host, source: source(of: .emulatorHost) ?? .defaultValue(""),
                    reason: error.description)
            }
        }
        return IdentityToolkitConfiguration(
            apiKey: apiKey,
            server: server,
            authflowVersion: AuthflowVersion.current,
            tenantID: tenantID,
            appID: self[.appID],
            locale: languageCode,
            iosBundleID: self[.iosBundleID],
            retry: retry)
    }

    /// Where this project's sessions are kept under `root`; nil without a project ID.
    public func stateDirectory(under root: StateDirectory) -> ProjectStateDirectory? {
        guard let projectID else { return nil }
        return ProjectStateDirectory(root: root, projectID: projectID, tenantID: tenantID, emulatorHost: emulatorHost)
    }
}
