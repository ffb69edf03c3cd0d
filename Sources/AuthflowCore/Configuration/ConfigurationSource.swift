/// Where a configuration value came from, so `authflow config show` can explain the result.
public enum ConfigurationSource: Sendable, Equatable, CustomStringConvertible {
    /// A command-line flag such as `--api-key`.
    case flag(String)
    /// An environment variable such as `FIREBASE_API_KEY`.
    case environment(String)
    /// A configuration file, by the path given or found.
    case file(String)
    /// Worked out from other values, e.g. the auth domain from the project's authorized domains.
    case derived(String)
    /// A default that applies in this situation, e.g. any API key when talking to an emulator.
    case defaultValue(String)

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
        case .flag(let name), .environment(let name), .file(let name), .derived(let name), .defaultValue(let name):
            name
        }
    }

    public var description: String {
        switch self {
        case .flag(let name): "flag \(name)"
        case .environment(let name): "environment \(name)"
        case .file(let path): "file \(path)"
        case .derived(let how): "derived: \(how)"
        case .defaultValue(let why): "default: \(why)"
        }
    }
}
