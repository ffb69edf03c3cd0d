import AuthflowParsing

/// The merged configuration of one Firebase project, each value with its source.
public struct ProjectConfiguration: Sendable, Equatable {
    /// Every value that is set.
    public private(set) var values: [ConfigurationKey: ConfiguredValue]
    /// The configuration files that were read, highest precedence first.
    public let files: [ConfigurationFile]
    /// Values that files found in the working directory set but may not set (commands, hosts), left out.
    public let ignoredValues: [IgnoredConfigurationValue]

    /// A configuration from already-merged values.
    public init(
        values: [ConfigurationKey: ConfiguredValue], files: [ConfigurationFile] = [],
        ignoredValues: [IgnoredConfigurationValue] = []
    ) {
        self.values = values
        self.files = files
        self.ignoredValues = ignoredValues
    }

    /// The value of `key`, if set.
    public subscript(key: ConfigurationKey) -> String? { values[key]?.value }

    /// Where `key`'s value came from, if set.
    public func source(of key: ConfigurationKey) -> ConfigurationSource? { values[key]?.source }

    /// Sets a value that was worked out rather than configured (the auth domain, emulator defaults).
    public mutating func derive(_ key: ConfigurationKey, _ value: String, how: ConfigurationSource) {
        values[key] = ConfiguredValue(value: value, source: how)
    }

    /// The API key; every request needs one.
    public var apiKey: String? { self[.apiKey] }
    /// The project ID, which also names the project's state directory.
    public var projectID: String? { self[.projectID] }
    /// The host of the hosted handler pages (`PROJECT.firebaseapp.com` or a custom domain).
    public var authDomain: String? { self[.authDomain] }
    /// The tenant (Identity Platform multi-tenancy), if any.
    public var tenantID: String? { self[.tenantID] }
    /// The emulator's `host:port` when talking to an emulator instead of Google (validated when loaded).
    public var emulatorHost: String? { self[.emulatorHost] }
    /// The language for SMS, emails and hosted pages (`X-Firebase-Locale`, `hl`).
    public var languageCode: String? { self[.languageCode] }
    /// The language Google is told for SMS, emails and hosted pages (`X-Firebase-Locale`, `hl`): the one set
    /// apart for it (`--firebase-lang`), else ``languageCode``.
    public var firebaseLanguageCode: String? { self[.firebaseLanguageCode] ?? languageCode }
    /// The Android app's package name (`X-Android-Package`), if configured.
    public var androidPackage: String? { self[.androidPackage] }
}

extension ProjectConfiguration {
    /// The custom scheme hosted pages send this app's callbacks to: the reversed iOS client ID when there is
    /// one, else `app-` and the app ID. On iOS the client ID counts only if the app registered its reversed
    /// form; on Linux authflow registers whichever it uses (`authflow register-scheme`), so a configured
    /// client ID always wins, as it does for the emulator's widget.
    public var callbackScheme: CallbackScheme? {
        if let clientID = self[.clientID], let scheme = CallbackScheme(clientID: clientID) { return scheme }
        if let appID = self[.appID], let scheme = CallbackScheme(appID: appID) { return scheme }
        return nil
    }
}

/// A value a file found implicitly in the working directory set but may not set (it runs a program or
/// chooses where requests go), so it was left out of the configuration; a front end warns about it.
public struct IgnoredConfigurationValue: Sendable, Equatable {
    /// The setting.
    public var key: ConfigurationKey
    /// The value the file gave.
    public var value: String
    /// The file, as found.
    public var path: String

    /// An ignored `key` of `path`.
    public init(key: ConfigurationKey, value: String, path: String) {
        self.key = key
        self.value = value
        self.path = path
    }

    /// Why it was ignored: what the setting can do.
    public var role: ConfigurationKeyRole { key.role }
}
