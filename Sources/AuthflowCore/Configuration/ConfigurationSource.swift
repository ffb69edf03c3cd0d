/// Where a configuration value came from, so `authflow config show` can explain the result.
public enum ConfigurationSource: Sendable, Equatable, CustomStringConvertible {
    /// A command-line flag such as `--api-key`.
    case flag(String)
    /// An environment variable such as `FIREBASE_API_KEY`.
    case environment(String)
    /// A configuration file, by the path given or found.
    case file(String)
    /// Worked out from other values, e.g. the auth domain from the project's authorized domains.
    case derived(Derivation)
    /// A default that applies in this situation, e.g. any API key when talking to an emulator.
    case defaultValue(DefaultReason)

    /// How a derived value was worked out.
    public enum Derivation: String, Sendable, Equatable, CaseIterable {
        /// The auth domain, from the project's authorized domains (getProjectConfig).
        case authorizedDomains = "the project's authorized domains (getProjectConfig)"
        /// The language, from the POSIX locale.
        case localeLanguage = "the locale's language"
        /// The auth domain, from the emulator address: the emulator serves the hosted pages.
        case emulatorServesPages = "the emulator serves the hosted pages"
        /// The project, from the pending sign-in link in the state directory.
        case pendingSignInLink = "the pending sign-in link in the state directory"
    }

    /// Why a default applies.
    public enum DefaultReason: String, Sendable, Equatable, CaseIterable {
        /// Any API key works with an emulator.
        case emulatorAcceptsAnyKey = "any key works with an emulator"
        /// The embedded backend's project, for an emulator without one.
        case embeddedBackendProject = "the embedded backend's project"
        /// No source is known.
        case unspecified = ""
    }

    /// A short word for JSON output: `flag`, `environment`, `file`, `derived` or `default`.
    public var kind: String {
        switch self {
        case .flag: "flag"
        case .environment: "environment"
        case .file: "file"
        case .derived: "derived"
        case .defaultValue: "default"
        }
    }

    /// The flag, variable, path or explanation.
    public var detail: String {
        switch self {
        case .flag(let name), .environment(let name), .file(let name): name
        case .derived(let how): how.rawValue
        case .defaultValue(let why): why.rawValue
        }
    }

    public var description: String {
        switch self {
        case .flag(let name): "flag \(name)"
        case .environment(let name): "environment \(name)"
        case .file(let path): "file \(path)"
        case .derived(let how): "derived: \(how.rawValue)"
        case .defaultValue(let why): "default: \(why.rawValue)"
        }
    }
}
