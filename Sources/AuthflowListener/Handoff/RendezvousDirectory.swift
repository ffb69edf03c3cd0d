import AuthflowPrimitives
import AuthflowStorage
import Foundation

/// The directory of rendezvous files, one per waiting flow: `$XDG_RUNTIME_DIR/authflow/`, or
/// `/tmp/authflow-<uid>/` where no runtime directory is set or another user holds that one. Mode 0700, files
/// 0600, written atomically.
public struct RendezvousDirectory: Sendable, Equatable {
    /// The directory's path.
    public let path: String

    /// A directory at `path`, for tests and embedders with their own layout.
    public init(path: String) {
        self.path = path
    }

    /// The standard location for this user, from `environment`; see ``resolve(environment:)`` for what
    /// happens when another user holds it.
    public static func standard(
        environment: [String: String] = ProcessEnvironment.current()
    ) -> RendezvousDirectory {
        resolve(environment: environment).directory
    }

    /// The standard location, unless something another user owns (or that is not a directory, or that others
    /// can write to) already sits at `$XDG_RUNTIME_DIR/authflow`: then the fixed fallback `/tmp/authflow-<uid>`,
    /// with the refused path, so a stranger cannot stop flows from starting, and every command (the waiting
    /// flow and `handle-url` alike) settles on the same directory. Nothing is created here: ``publish(_:)``
    /// creates and checks the directory, and refuses a fallback a stranger made first.
    public static func resolve(
        environment: [String: String] = ProcessEnvironment.current()
    ) -> (directory: RendezvousDirectory, refused: String?) {
        let fallback = RendezvousDirectory(path: "/tmp/authflow-\(geteuid())")
        guard let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") else { return (fallback, nil) }
        let preferred = FilePath.join(runtime, "authflow")
        guard isForeign(preferred) else { return (RendezvousDirectory(path: preferred), nil) }
        return (fallback, preferred)
    }

    /// Whether `path` exists and is not a directory this user owns, with no write access for anyone else.
    private static func isForeign(_ path: String) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0 else { return false }
        return (info.st_mode & S_IFMT) != S_IFDIR || info.st_uid != geteuid() || (info.st_mode & 0o022) != 0
    }

    /// Writes `record` to a new file and returns its path. The directory is created (0700) when missing, and
    /// refused when it is a symbolic link, another user's, or writable by others.
    public func publish(_ record: Rendezvous) throws(StorageError) -> String {
        try SecureFile.makeSharedPlacePrivateDirectory(path)
        let file = FilePath.join(path, "flow-\(record.pid)-\(RandomToken.make(bytes: 16)).json")
        let bytes: Data
        do {
            bytes = try JSONEncoder().encode(record)
        } catch {
            throw .write(path: file, reason: .unencodable)
        }
        try SecureFile.writeAtomically(Array(bytes), to: file)
        return file
    }

    /// The waiting flows, newest first. Files of processes that no longer run are removed on the way, and
    /// unreadable ones skipped.
    public func waitingFlows() -> [Rendezvous] {
        guard let names = DirectoryEntries.names(in: path) else { return [] }
        // Parsed with JSONParser and dated with stat(2): JSONDecoder and FileManager's attribute dictionary were
        // ~1.5 M of handle-url's instructions (callgrind), on the path of a browser click.
        var found: [(record: Rendezvous, seconds: Int, nanoseconds: Int)] = []
        for name in names where name.hasPrefix("flow-") && name.hasSuffix(".json") {
            let file = FilePath.join(path, name)
            guard let bytes = try? SecureFile.read(file, limit: 64 * 1024),
                let record = Rendezvous(fileBytes: bytes)
            else { continue }
            guard Self.isRunning(record.pid) else {
                try? SecureFile.remove(file)
                continue
            }
            var status = stat()
            let modified = stat(file, &status) == 0 ? status.st_mtim : timespec(tv_sec: 0, tv_nsec: 0)
            found.append((record, modified.tv_sec, modified.tv_nsec))
        }
        return found.sorted { ($0.seconds, $0.nanoseconds) > ($1.seconds, $1.nanoseconds) }.map(\.record)
    }

    /// Removes a file this process published; a file already gone is fine.
    public func withdraw(_ file: String) {
        try? SecureFile.remove(file)
    }

    private static func isRunning(_ pid: Int32) -> Bool {
        pid > 0 && (kill(pid, 0) == 0 || errno == EPERM)
    }
}
