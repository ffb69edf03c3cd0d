import AuthflowPrimitives
import AuthflowStorage
import Foundation

/// Makes authflow the desktop's handler for custom URL schemes, and undoes it.
///
/// Registering writes a ``DesktopEntry`` into `$XDG_DATA_HOME/applications` and makes it the default for
/// `x-scheme-handler/SCHEME` with `xdg-mime default`, or by editing `mimeapps.list` directly where
/// `xdg-mime` is missing. Unregistering removes both; `xdg-mime` has no way to unset a default.
public struct SchemeRegistrar: Sendable {
    /// Where entries and `mimeapps.list` are written.
    public let directories: XDGDirectories
    /// The program the entries run, an absolute path.
    public let executable: String
    private let environment: [String: String]

    /// A registrar writing under `directories` for `executable`; helper programs run with `environment`.
    public init(directories: XDGDirectories, executable: String, environment: [String: String]) {
        self.directories = directories
        self.executable = executable
        self.environment = environment
    }

    /// The entry that registering `scheme` writes; throws, as registering does, for a scheme that is no URL
    /// scheme or that is reserved (``DesktopEntry/init(scheme:executable:)``).
    public func entry(for scheme: String) throws(SchemeRegistrationError) -> DesktopEntry {
        try DesktopEntry(scheme: scheme, executable: executable)
    }

    /// The path of authflow's entry for `scheme`.
    public func entryPath(for scheme: String) -> String {
        FilePath.join(directories.applications, DesktopEntry.fileID(for: scheme))
    }

    /// Whether the desktop opens `scheme` URLs with authflow's entry for it.
    public func isDefaultHandler(for scheme: String) -> Bool {
        handler(for: scheme) == DesktopEntry.fileID(for: scheme)
    }

    /// Writes the entry for `scheme` and makes it the scheme's default handler.
    public func register(_ scheme: String) throws(SchemeRegistrationError) -> SchemeRegistration {
        let entry = try entry(for: scheme)
        let path = entryPath(for: entry.scheme)
        if let existing = try readText(path), DesktopEntry.ownedScheme(in: existing) == nil {
            throw .foreignEntry(path: path)
        }
        do {
            try PlainFile.makeDirectories(directories.applications)
            try SecureFile.writeAtomically(Array(entry.text.utf8), to: path, mode: 0o644)
        } catch {
            throw .storage(error)
        }
        refreshDesktopDatabase()

        var setter = SchemeRegistration.DefaultSetter.xdgMime
        var effective: String?
        if case .finished(let termination, _) = DesktopTool.run(
            "xdg-mime", ["default", entry.fileID, entry.mimeType], environment: environment),
            termination.succeeded
        {
            effective = handler(for: scheme)
        }
        // xdg-mime missing, failing, or exiting 0 without effect (its helpers missing): write it ourselves.
        if effective != entry.fileID {
            try editMimeApps { $0.setDefault(entry.fileID, for: entry.mimeType) }
            setter = .mimeAppsList
            effective = handler(for: scheme)
        }
        return SchemeRegistration(entry: entry, path: path, defaultSetBy: setter, effectiveHandler: effective)
    }

    /// Removes the entry for `scheme` (only if authflow wrote it) and its default; reports what was there.
    public func unregister(_ scheme: String) throws(SchemeRegistrationError) -> SchemeUnregistration {
        let entry = try entry(for: scheme)
        let path = entryPath(for: entry.scheme)
        var removedEntry = false
        if let existing = try readText(path) {
            guard DesktopEntry.ownedScheme(in: existing) != nil else { throw .foreignEntry(path: path) }
            do {
                try SecureFile.remove(path)
            } catch {
                throw .storage(error)
            }
            removedEntry = true
            refreshDesktopDatabase()
        }
        var removedDefault = false
        try editMimeApps { list in removedDefault = list.remove(entry.fileID, for: entry.mimeType) }
        return SchemeUnregistration(
            scheme: entry.scheme, path: path, removedEntry: removedEntry, removedDefault: removedDefault)
    }

    /// The desktop file ID the desktop currently opens `scheme` URLs with, as `xdg-mime` reports it, or from
    /// `mimeapps.list` where `xdg-mime` is missing; nil when there is none.
    public func handler(for scheme: String) -> String? {
        let mimeType = DesktopEntry.mimeType(for: scheme)
        switch DesktopTool.run("xdg-mime", ["query", "default", mimeType], environment: environment) {
        case .finished(let termination, let output) where termination.succeeded:
            let answer = output.trimmingCharacters(in: .whitespacesAndNewlines)
            return answer.isEmpty ? nil : answer
        case .notInstalled:
            let text = (try? readText(directories.mimeAppsList)) ?? nil
            return text.flatMap { MimeAppsList(text: $0).entries(for: mimeType).first }
        default:
            return nil
        }
    }

    /// Why this machine's `xdg-open` would not hand `scheme` URLs to the handler, or nil. Before 1.2,
    /// xdg-utils' generic mode (no desktop environment in `XDG_CURRENT_DESKTOP`) took a scheme containing
    /// digits, as every Firebase scheme does, for a file name; browsers that call `xdg-open` then fail.
    public func openerLimitation(for scheme: String) -> OpenerLimitation? {
        guard scheme.contains(where: \.isNumber), (environment["XDG_CURRENT_DESKTOP"] ?? "").isEmpty,
            case .finished(_, let output) = DesktopTool.run("xdg-open", ["--version"], environment: environment),
            let version = output.split(separator: " ").last?.split(separator: ".").compactMap({
                Int($0.filter(\.isNumber))
            }),
            version.count >= 2, (version[0], version[1]) < (1, 2)
        else { return nil }
        return OpenerLimitation(scheme: scheme, openerVersion: version.map(String.init).joined(separator: "."))
    }

    /// The schemes authflow's entries in the applications folder handle, sorted.
    public func registeredSchemes() -> [String] {
        guard let names = DirectoryEntries.names(in: directories.applications) else {
            return []
        }
        return names.filter { $0.hasPrefix("authflow-") && $0.hasSuffix(".desktop") }
            .compactMap { name in
                let text = (try? readText(FilePath.join(directories.applications, name))) ?? nil
                return text.flatMap(DesktopEntry.ownedScheme(in:))
            }
            .sorted()
    }

    // MARK: Steps

    private func readText(_ path: String) throws(SchemeRegistrationError) -> String? {
        do {
            return try PlainFile.read(path, limit: 1 << 20).map { String(decoding: $0, as: UTF8.self) }
        } catch {
            throw .storage(error)
        }
    }

    /// Rewrites `mimeapps.list` through `edit`, keeping its mode; an unchanged file is not written.
    private func editMimeApps(_ edit: (inout MimeAppsList) -> Void) throws(SchemeRegistrationError) {
        let path = directories.mimeAppsList
        let original = try readText(path)
        var list = MimeAppsList(text: original ?? "")
        edit(&list)
        guard list.text != (original ?? "") else { return }
        var info = stat()
        let mode = stat(path, &info) == 0 ? info.st_mode & 0o7777 : 0o644
        do {
            try PlainFile.makeDirectories(directories.configHome)
            try SecureFile.writeAtomically(Array(list.text.utf8), to: path, mode: mode)
        } catch {
            throw .storage(error)
        }
    }

    /// Desktops that read `mimeinfo.cache` rather than scanning entries see the change only after this.
    private func refreshDesktopDatabase() {
        _ = DesktopTool.run("update-desktop-database", ["-q", directories.applications], environment: environment)
    }
}

/// What ``SchemeRegistrar/register(_:)`` did.
public struct SchemeRegistration: Sendable, Equatable {
    /// How the default handler was set.
    public enum DefaultSetter: String, Sendable, Equatable {
        /// `xdg-mime default` did it, so the desktop's own mechanism was used.
        case xdgMime = "xdg-mime"
        /// `xdg-mime` is missing or failed; authflow edited `mimeapps.list` itself.
        case mimeAppsList = "mimeapps.list"
    }

    /// The entry written.
    public let entry: DesktopEntry
    /// Where it was written.
    public let path: String
    /// How it became the default.
    public let defaultSetBy: DefaultSetter
    /// The handler the desktop reports afterwards; another one means a desktop-specific setting wins.
    public let effectiveHandler: String?

    /// Whether the desktop now opens the scheme with authflow.
    public var isEffective: Bool { effectiveHandler == entry.fileID }
}

/// What ``SchemeRegistrar/unregister(_:)`` found and removed.
public struct SchemeUnregistration: Sendable, Equatable {
    /// The scheme.
    public let scheme: String
    /// The entry's path.
    public let path: String
    /// Whether there was an entry to remove.
    public let removedEntry: Bool
    /// Whether `mimeapps.list` named it.
    public let removedDefault: Bool
}

/// Why a scheme could not be registered or unregistered.
public enum SchemeRegistrationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Not a URL scheme at all.
    case invalidScheme(String)
    /// A scheme the browser or the system owns.
    case reservedScheme(String)
    /// A file of the entry's name exists and was not written by the registrar.
    case foreignEntry(path: String)
    /// A file or directory could not be read or written.
    case storage(StorageError)

    public var description: String {
        switch self {
        case .invalidScheme(let scheme):
            "\"\(scheme)\" is not a URL scheme: use a letter followed by letters, digits, '+', '-' or '.', "
                + "such as com.googleusercontent.apps.123-abc or app-1-123-ios-abc."
        case .reservedScheme(let scheme):
            "\(scheme): belongs to the browser or the system; only the app's own custom scheme can be registered."
        case .foreignEntry(let path):
            "\(path) exists and was not written by the registrar; move it away first if this program should "
                + "handle the scheme."
        case .storage(let error):
            error.description
        }
    }
}
