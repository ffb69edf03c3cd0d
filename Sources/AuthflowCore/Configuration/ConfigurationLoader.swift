import AuthflowIdentityToolkit
import AuthflowLocalization
import AuthflowPrimitives
import AuthflowStorage

/// Merges configuration from flags, the environment and files.
///
/// Precedence, highest first: flags; the environment; the file named with `--config` or, only when no file is
/// named, every one of ``ConfigurationFile/workingDirectoryNames`` present in the working directory (earlier
/// names win); and the user's own file (``UserConfigurationFile``), whose values are defaults.
///
/// A file found in the working directory supplies identifiers only: a value whose
/// ``ConfigurationKey/role`` runs a program or chooses where requests go is left out and listed in
/// ``ProjectConfiguration/ignoredValues``. Nothing here touches the network; deriving the auth domain from the
/// project's authorized domains is ``AuthDomainResolver``'s job.
public struct ConfigurationLoader: Sendable {
    /// Values given as command-line flags.
    public var flags: ConfigurationLayer
    /// The process environment.
    public var environment: [String: String]
    /// `--config FILE`, which replaces the working-directory search.
    public var configPath: String?
    /// The user's own configuration file; by default ``UserConfigurationFile/path(environment:)``.
    public var userConfigPath: String?
    /// Where to look for configuration files.
    public var workingDirectory: String

    /// The project ID assumed for an emulator when none is configured; the embedded backend's default.
    public static let emulatorProjectID = "demo-authflow"
    /// The API key assumed for an emulator when none is configured; emulators accept any non-empty key.
    public static let emulatorAPIKey = "fake-api-key"

    /// A loader over the given sources.
    public init(
        flags: ConfigurationLayer = .init(),
        environment: [String: String],
        configPath: String? = nil,
        workingDirectory: String = "."
    ) {
        self.flags = flags
        self.environment = environment
        self.configPath = configPath
        self.userConfigPath = UserConfigurationFile.path(environment: environment)
        self.workingDirectory = workingDirectory
    }

    /// The merged configuration. Missing values are not an error here (`config show` reports them); callers
    /// ask for what they need with ``ProjectConfiguration/require(_:purpose:)``.
    public func load() throws(ConfigurationError) -> ProjectConfiguration {
        let files = try loadFiles()
        var merged: [ConfigurationKey: ConfiguredValue] = [:]
        var ignored: [IgnoredConfigurationValue] = []
        for layer in [flags, .environment(environment)] {
            merged.merge(layer.values) { higher, _ in higher }
        }
        for file in files {
            for key in ConfigurationKey.allCases {
                // A value a stronger source sets anyway is neither used nor worth a warning.
                guard let configured = file.layer.values[key], merged[key] == nil else { continue }
                guard file.origin.allows(key.role) else {
                    ignored.append(IgnoredConfigurationValue(key: key, value: configured.value, path: file.path))
                    continue
                }
                merged[key] = configured
            }
        }
        var configuration = ProjectConfiguration(values: merged, files: files, ignoredValues: ignored)
        try checkLanguageTag(configuration)
        resolveLanguage(&configuration)
        try applyEmulatorDefaults(&configuration)
        try checkKeyRestrictionValues(configuration)
        return configuration
    }

    /// The values that satisfy API-key restrictions go into headers on every request, so a malformed one is
    /// reported here, naming its source, rather than as Google's refusal later.
    private func checkKeyRestrictionValues(_ configuration: ProjectConfiguration) throws(ConfigurationError) {
        let checks: [(ConfigurationKey, (String) -> ConfigurationValueProblem?)] = [
            (.androidPackage, AndroidAppIdentity.problem(withPackageName:)),
            (
                .androidCertificateSHA1,
                { AndroidAppIdentity.certificateSHA1($0) == nil ? .certificateSHA1 : nil }
            ),
            (.referrer, RefererPage.problem(with:)),
            (.appCheckURL, { AppCheckEndpoint(parsing: $0) == nil ? .appCheckURLNotHTTPURL : nil }),
        ]
        for (key, problem) in checks {
            guard let configured = configuration.values[key], let reason = problem(configured.value) else { continue }
            throw .invalidValue(key: key, value: configured.value, source: configured.source, reason: reason)
        }
    }

    /// The language in force (``DisplayLanguage``) is also the one Google is told (`X-Firebase-Locale`, `hl`):
    /// a POSIX name given as the language (`ko_KR.UTF-8`) becomes its BCP 47 tag, and with none given the
    /// POSIX locale's language is used (not in the C locale).
    private func resolveLanguage(_ configuration: inout ProjectConfiguration) {
        for key in [ConfigurationKey.languageCode, .firebaseLanguageCode] {
            if let configured = configuration.values[key], !LanguageTag.isWellFormed(configured.value),
                let tag = DisplayLanguage(parsing: configured.value)?.tag
            {
                configuration.derive(key, tag, how: configured.source)
            }
        }
        guard configuration.values[.languageCode] == nil, !PosixLocale.isCLocale(environment),
            let language = DisplayLanguage.chosen(
                environment: environment, available: MessageCatalogue.availableLanguages(environment: environment))
        else { return }
        configuration.derive(.languageCode, language.tag, how: .derived(.localeLanguage))
    }

    /// The languages go into a request header, so only a well-formed BCP 47 tag (or a POSIX locale name,
    /// turned into one) is let through.
    private func checkLanguageTag(_ configuration: ProjectConfiguration) throws(ConfigurationError) {
        for key in [ConfigurationKey.languageCode, .firebaseLanguageCode] {
            guard let configured = configuration.values[key],
                !LanguageTag.isWellFormed(configured.value), DisplayLanguage(parsing: configured.value) == nil
            else { continue }
            throw .invalidValue(
                key: key, value: String(reflecting: configured.value).dropFirst().dropLast().description,
                source: configured.source, reason: .languageTag)
        }
    }

    /// The files in precedence order: the named one or, with none named, the working directory's; then the
    /// user's own, which gives defaults the project's files override (as git's global configuration is
    /// overridden by a repository's), while only it can add a command or a host to them.
    private func loadFiles() throws(ConfigurationError) -> [ConfigurationFile] {
        var files: [ConfigurationFile] = []
        if let configPath {
            files.append(try ConfigurationFile.load(path: configPath))
        } else {
            for name in ConfigurationFile.workingDirectoryNames {
                let path = workingDirectory == "." ? name : FilePath.join(workingDirectory, name)
                guard FileProbe.isRegularFile(path) else { continue }
                var file = try ConfigurationFile.load(path: path)
                file.origin = .workingDirectory
                files.append(file)
            }
        }
        if let userConfigPath, let file = try UserConfigurationFile.load(path: userConfigPath) {
            files.append(file)
        }
        return files
    }

    /// Against an emulator the API key and project only name things, so sensible stand-ins are filled in,
    /// and the auth domain is the emulator itself (its hosted pages live there).
    private func applyEmulatorDefaults(_ configuration: inout ProjectConfiguration) throws(ConfigurationError) {
        guard let configured = configuration.values[.emulatorHost] else { return }
        do {
            _ = try AuthServer.emulator(parsing: configured.value)
        } catch {
            throw .invalidValue(
                key: .emulatorHost, value: configured.value, source: configured.source, reason: .emulatorHost(error))
        }
        if configuration.apiKey == nil {
            configuration.derive(.apiKey, Self.emulatorAPIKey, how: .defaultValue(.emulatorAcceptsAnyKey))
        }
        if configuration.projectID == nil {
            configuration.derive(
                .projectID, Self.emulatorProjectID, how: .defaultValue(.embeddedBackendProject))
        }
        if configuration.authDomain == nil {
            configuration.derive(.authDomain, configured.value, how: .derived(.emulatorServesPages))
        }
    }
}

extension ProjectConfiguration {
    /// The value of `key`, or an error that says how to set it.
    public func require(_ key: ConfigurationKey, purpose: String) throws(ConfigurationError) -> String {
        if let value = self[key] { return value }
        if key == .apiKey { throw .missingAPIKey(lookedFor: ConfigurationFile.workingDirectoryNames) }
        throw .missing(key, purpose: purpose)
    }
}

/// The web page sent as `Referer` to satisfy an API key restricted to websites: an absolute `http` or
/// `https` URL with a host, such as `https://app.example.com/`.
public enum RefererPage {
    /// Why `text` cannot be sent as `Referer`, or nil when it can.
    public static func problem(with text: String) -> ConfigurationValueProblem? {
        guard let parts = URLParts(text), parts.scheme == "http" || parts.scheme == "https", !parts.host.isEmpty else {
            return .referrerNotHTTPURL
        }
        guard !text.unicodeScalars.contains(where: { $0.value < 0x21 || $0.value == 0x7F }) else {
            return .referrerUnencodedCharacters
        }
        return nil
    }
}
