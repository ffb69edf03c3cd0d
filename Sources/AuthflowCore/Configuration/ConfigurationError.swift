import AuthflowStorage

/// Why a project configuration could not be loaded. Messages say what to change.
public enum ConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A configuration file exists but could not be read.
    case unreadableFile(path: String, reason: StorageProblem)
    /// The user's own configuration file, or its directory at `path`, could have been written by someone else.
    case untrustedFile(path: String, reason: StorageProblem)
    /// A file is not one of the formats the loader reads.
    case unrecognizedFile(path: String)
    /// A file has the right format but broken content.
    case invalidFile(path: String, reason: ConfigurationFileProblem)
    /// A value is unusable, e.g. an emulator host without a port.
    case invalidValue(
        key: ConfigurationKey, value: String, source: ConfigurationSource, reason: ConfigurationValueProblem)
    /// No API key anywhere; lists the files that were looked for.
    case missingAPIKey(lookedFor: [String])
    /// A value the operation needs is not configured.
    case missing(ConfigurationKey, purpose: String)

    public var description: String {
        switch self {
        case .unreadableFile(let path, let reason):
            return "Cannot read the configuration file \(path): \(reason)."
        case .untrustedFile(let path, let reason):
            return "The configuration \(path) is not used: \(reason). Only its owner may write it."
        case .unrecognizedFile(let path):
            return "\(path) is not a configuration this library understands. Use GoogleService-Info.plist (iOS), "
                + "google-services.json (Android), a web config JSON with apiKey/authDomain/projectId/appId, "
                + "or authflow.json."
        case .invalidFile(let path, let reason):
            return "The configuration file \(path) is invalid: \(reason)."
        case .invalidValue(let key, let value, let source, let reason):
            return "\(key.jsonName) \"\(value)\" from \(source) cannot be used. \(reason)"
        case .missingAPIKey(let files):
            return "No Firebase API key is configured. Set one, set FIREBASE_API_KEY, load a configuration file, "
                + "or put one of \(files.joined(separator: ", ")) in the working directory. "
                + "For the local emulator, set FIREBASE_AUTH_EMULATOR_HOST or configure the emulator host."
        case .missing(let key, let purpose):
            return "\(purpose) needs \(key.jsonName): set \(key.environmentVariable), or add "
                + "\"\(key.jsonName)\" to authflow.json."
        }
    }
}
