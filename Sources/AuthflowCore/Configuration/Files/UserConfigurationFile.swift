import AuthflowListener
import AuthflowStorage

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The user's own configuration file, `$XDG_CONFIG_HOME/authflow/config.json` (by default
/// `~/.config/authflow/config.json`), in the format of `authflow.json`.
///
/// Unlike a file found in the working directory it may set every value, commands and the emulator host
/// included, so it is read only when it and its directory belong to the user (or root) and no one else can
/// write them.
public enum UserConfigurationFile {
    /// The file's name inside `$XDG_CONFIG_HOME/authflow`.
    public static let fileName = "config.json"

    /// Where the file is for `environment`; nil without `HOME` (and no absolute `XDG_CONFIG_HOME`).
    public static func path(environment: [String: String]) -> String? {
        guard let configHome = XDGDirectories(environment: environment)?.configHome else { return nil }
        return FilePath.join(FilePath.join(configHome, "authflow"), fileName)
    }

    /// The file at `path`, or nil when there is none. Fails when the file or its directory belongs to another
    /// user or is writable by its group or others, or when the file cannot be read or parsed.
    static func load(path: String) throws(ConfigurationError) -> ConfigurationFile? {
        let directory = FilePath.directory(of: path)
        var directoryInfo = stat()
        guard stat(directory, &directoryInfo) == 0 else { return nil }
        if let problem = FileProbe.strangerMayWrite(directoryInfo, trustingRoot: true) {
            throw .untrustedFile(path: directory, reason: problem)
        }
        var fileInfo: stat?
        let bytes: [UInt8]?
        do {
            bytes = try PlainFile.read(path, limit: 1 << 20) { _, info in fileInfo = info }
        } catch {
            switch error {
            case .read(_, let reason), .corrupt(_, let reason): throw .unreadableFile(path: path, reason: reason)
            default: throw .unreadableFile(path: path, reason: .unexpected(type: "StorageError"))
            }
        }
        guard let bytes, let fileInfo else { return nil }
        if let problem = FileProbe.strangerMayWrite(fileInfo, trustingRoot: true) {
            throw .untrustedFile(path: path, reason: problem)
        }
        var file = try ConfigurationFile.parse(bytes, path: path)
        file.origin = .userDirectory
        return file
    }

}
