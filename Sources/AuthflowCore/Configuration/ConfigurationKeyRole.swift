/// What a configuration value can do, which decides the sources it is taken from.
///
/// A file found implicitly in the working directory (a cloned repository, a shared directory) is data: it
/// supplies identifiers only. A value that runs a program or chooses where requests go is taken only from a
/// source the user controls: a flag, the environment, the user's own configuration file, or a file named
/// explicitly. This is git's `safe.directory` rule applied per value.
public enum ConfigurationKeyRole: String, Sendable, Hashable, CaseIterable {
    /// Names the project, app or client, or a language; it can choose which Firebase project is asked, but
    /// never runs anything nor sends requests anywhere but Google (or an emulator chosen elsewhere).
    case identifier
    /// Runs a program (a token command).
    case runsProgram
    /// Chooses where requests go (the emulator host, and with it where passwords, codes and refresh tokens
    /// are sent).
    case choosesEndpoint
    /// Names or authenticates the OAuth client a person grants access to (device sign-in): a file in a cloned
    /// repository could otherwise have the person approve someone else's app on the provider's page.
    case grantsAccess

    /// Whether a file found implicitly in the working directory may supply a value of this role.
    public var isAllowedFromImplicitFile: Bool { self == .identifier }
}

extension ConfigurationKey {
    /// What a value of this key can do.
    ///
    /// The auth domain is an identifier although it is a host: it is used only after checking that it is
    /// `<project>.firebaseapp.com` or among the project's authorized domains (``AuthDomainResolver``). The
    /// referrer is a URL but only a header value (`Referer`) sent to Google, never a place requests go.
    public var role: ConfigurationKeyRole {
        switch self {
        case .apiKey, .projectID, .authDomain, .appID, .clientID, .iosBundleID, .tenantID, .languageCode,
            .appCheckDebugToken, .appCheckSiteKey, .androidPackage, .androidCertificateSHA1, .referrer,
            .firebaseLanguageCode:
            .identifier
        case .appCheckTokenCommand: .runsProgram
        case .emulatorHost, .oidcIssuer, .deviceEndpointBase, .appCheckURL: .choosesEndpoint
        case .githubDeviceClientID, .googleDeviceClientID, .googleDeviceClientSecret, .facebookAppID,
            .facebookClientToken, .oidcDeviceClientID:
            .grantsAccess
        }
    }
}
