import AuthflowPrimitives
import AuthflowStorage
import Foundation

/// The directory of rendezvous files, one per waiting flow: `$XDG_RUNTIME_DIR/authflow/`, or
/// `/tmp/authflow-<uid>/` where no runtime directory is set. Mode 0700, files 0600, written atomically.
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

    /// The standard location, unless something another user owns (or that is not a directory) already sits
    /// there: then a fresh private directory of our own (`mkdtemp`, 0700), with the refused path, so a
    /// stranger cannot stop flows from starting. (Only flows in the same directory find each other.)
    public static func resolve(
        environment: [String: String] = ProcessEnvironment.current()
    ) -> (directory: RendezvousDirectory, refused: String?) {
        let preferred: String
        if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") {
            preferred = FilePath.join(runtime, "authflow")
        } else {
            preferred = "/tmp/authflow-\(geteuid())"
        }
        guard isForeign(preferred) else { return (RendezvousDirectory(path: preferred), nil) }
        var template = Array("/tmp/authflow-\(geteuid())-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.flatMap { mkdtemp($0) }.map { String(cString: $0) }
        }
        // mkdtemp creates the directory 0700; if even that fails, publishing will report the preferred path.
        return (RendezvousDirectory(path: made ?? preferred), preferred)
    }

    /// Whether `path` exists and is not a directory this user owns, with no write access for anyone else.
    private static func isForeign(_ path: String) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0 else { return false }
        return (info.st_mode & S_IFMT) != S_IFDIR || info.st_uid != geteuid() || (info.st_mode & 0o022) != 0
    }

    /// Writes `record` to a new file and returns its path.
    public func publish(_ record: Rendezvous) throws(StorageError) -> String {
        try SecureFile.makePrivateDirectory(path)
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
