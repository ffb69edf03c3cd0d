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

    /// The standard location for this user, from `environment`.
    public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> RendezvousDirectory {
        if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") {
            return RendezvousDirectory(path: FilePath.join(runtime, "authflow"))
        }
        return RendezvousDirectory(path: "/tmp/authflow-\(geteuid())")
    }

    /// Writes `record` to a new file and returns its path.
    public func publish(_ record: Rendezvous) throws(StorageError) -> String {
        try SecureFile.makePrivateDirectory(path)
        let file = FilePath.join(path, "flow-\(record.pid)-\(RandomToken.make(bytes: 16)).json")
        let bytes: Data
        do {
            bytes = try JSONEncoder().encode(record)
        } catch {
            throw .write(path: file, reason: "cannot encode the record")
        }
        try SecureFile.writeAtomically(Array(bytes), to: file)
        return file
    }

    /// The waiting flows, newest first. Files of processes that no longer run are removed on the way, and
    /// unreadable ones skipped.
    public func waitingFlows() -> [Rendezvous] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return [] }
        var found: [(record: Rendezvous, modified: Date)] = []
        for name in names where name.hasPrefix("flow-") && name.hasSuffix(".json") {
            let file = FilePath.join(path, name)
            guard let bytes = try? SecureFile.read(file, limit: 64 * 1024),
                  let record = try? JSONDecoder().decode(Rendezvous.self, from: Data(bytes))
            else { continue }
            guard Self.isRunning(record.pid) else {
                try? SecureFile.remove(file)
                continue
            }
            let attributes = try? FileManager.default.attributesOfItem(atPath: file)
            found.append((record, attributes?[.modificationDate] as? Date ?? .distantPast))
        }
        return found.sorted { $0.modified > $1.modified }.map(\.record)
    }

    /// Removes a file this process published; a file already gone is fine.
    public func withdraw(_ file: String) {
        try? SecureFile.remove(file)
    }

    private static func isRunning(_ pid: Int32) -> Bool {
        pid > 0 && (kill(pid, 0) == 0 || errno == EPERM)
    }
}
