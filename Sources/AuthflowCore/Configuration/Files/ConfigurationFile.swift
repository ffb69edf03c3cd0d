import AuthflowPrimitives
import AuthflowStorage

/// One configuration file and the values it supplies.
public struct ConfigurationFile: Sendable, Equatable {
    /// The formats authflow reads.
    public enum Format: String, Sendable, Equatable {
        /// `GoogleService-Info.plist` from the Firebase console's iOS app settings.
        case iosPlist = "GoogleService-Info.plist"
        /// `google-services.json` from the console's Android app settings.
        case androidJSON = "google-services.json"
        /// A web app's `firebaseConfig` (JSON, the console's JavaScript snippet, or `firebase apps:sdkconfig`
        /// output), or authflow's own `authflow.json`, which adds keys such as `clientId` and `tenantId`.
        case webConfig = "web config"
    }

    /// The path as given or found.
    public var path: String
    /// What the content turned out to be.
    public var format: Format
    /// The values, each with this file as its source.
    public var layer: ConfigurationLayer
    /// Keys present in the file that authflow does not use (a typo such as `apikey` shows up here).
    public var ignoredKeys: [String]
    /// How the file was found, which decides what it may set (``ConfigurationKeyRole``).
    public var origin: Origin = .named

    /// How a configuration file was found.
    public enum Origin: String, Sendable, Equatable, CaseIterable {
        /// Named explicitly by the user (`--config`): trusted with every setting.
        case named
        /// The user's own configuration file (``UserConfigurationFile``): trusted with every setting.
        case userDirectory
        /// Found in the working directory: identifiers only.
        case workingDirectory

        /// Whether a value of `role` is taken from a file found this way.
        public func allows(_ role: ConfigurationKeyRole) -> Bool {
            self != .workingDirectory || role.isAllowedFromImplicitFile
        }
    }

    /// The names looked for in the working directory, in precedence order.
    public static let workingDirectoryNames = [
        "authflow.json", "GoogleService-Info.plist", "google-services.json", "firebase-config.json",
    ]

    /// Reads and parses `path`, recognising the format from the content rather than the name.
    public static func load(path: String) throws(ConfigurationError) -> ConfigurationFile {
        let read: [UInt8]?
        do {
            read = try PlainFile.read(path, limit: 1 << 20)
        } catch {
            switch error {
            case .read(_, let reason), .corrupt(_, let reason): throw .unreadableFile(path: path, reason: reason)
            default: throw .unreadableFile(path: path, reason: .unexpected(type: "StorageError"))
            }
        }
        guard let bytes = read else { throw .unreadableFile(path: path, reason: .noSuchFile) }
        return try parse(bytes, path: path)
    }

    /// Parses file content; `path` names the source in values and errors.
    public static func parse(_ bytes: [UInt8], path: String) throws(ConfigurationError) -> ConfigurationFile {
        let source = ConfigurationSource.file(path)
        let start = bytes.drop {
            $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF
        }
        if start.starts(with: Array("bplist".utf8)) || start.first == UInt8(ascii: "<") {
            let layer = try GoogleServiceInfoPlist.parse(bytes, path: path, source: source)
            return ConfigurationFile(path: path, format: .iosPlist, layer: layer, ignoredKeys: [])
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw .invalidFile(path: path, reason: .notUTF8)
        }
        if start.first == UInt8(ascii: "{"), let object = (try? JSONParser.parse(Array(start)))?.objectValue {
            if object["project_info"] != nil {
                let layer = try GoogleServicesJSON.parse(object, path: path, source: source)
                return ConfigurationFile(path: path, format: .androidJSON, layer: layer, ignoredKeys: [])
            }
            let (layer, ignored) = try WebConfigFile.parse(object, path: path, source: source)
            return ConfigurationFile(path: path, format: .webConfig, layer: layer, ignoredKeys: ignored)
        }
        if let layer = WebConfigFile.parseScript(text, source: source) {
            return ConfigurationFile(path: path, format: .webConfig, layer: layer, ignoredKeys: [])
        }
        throw .unrecognizedFile(path: path)
    }
}
