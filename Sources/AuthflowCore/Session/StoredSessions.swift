import AuthflowStorage
import Foundation

/// Every session kept under a state root: one per project (and tenant), for production and each emulator.
public enum StoredSessions {
    /// A session file found under the root: its session, or why it could not be read.
    public struct Entry: Sendable {
        /// Where the session file is.
        public let path: String
        /// The session, or nil when the file is damaged.
        public let session: UserSession?
        /// Why the file could not be read, when it could not.
        public let problem: StorageError?
    }

    /// The session files under `root`, sorted by path; a damaged one is listed with its problem.
    public static func all(under root: StateDirectory) -> [Entry] {
        var found: [Entry] = []
        for project in children(of: FilePath.join(root.path, "projects")) {
            found += entries(root: root, projectName: project, emulatorName: nil)
        }
        for emulator in children(of: FilePath.join(root.path, "emulators")) {
            for project in children(of: FilePath.join(FilePath.join(root.path, "emulators"), emulator)) {
                found += entries(root: root, projectName: project, emulatorName: emulator)
            }
        }
        return found.sorted { $0.path < $1.path }
    }

    private static func entries(root: StateDirectory, projectName: String, emulatorName: String?) -> [Entry] {
        guard let projectID = projectName.removingPercentEncoding else { return [] }
        let emulatorHost = emulatorName.flatMap { $0.removingPercentEncoding }
        if emulatorName != nil, emulatorHost == nil { return [] }
        let base = ProjectStateDirectory(root: root, projectID: projectID, emulatorHost: emulatorHost)
        var directories = [base]
        for tenant in children(of: FilePath.join(base.path, "tenants")) {
            guard let tenantID = tenant.removingPercentEncoding else { continue }
            directories.append(
                ProjectStateDirectory(root: root, projectID: projectID, tenantID: tenantID, emulatorHost: emulatorHost))
        }
        return directories.compactMap { directory -> Entry? in
            let store = SessionStore(directory: directory)
            guard FileManager.default.fileExists(atPath: store.path) else { return nil }
            let loaded: Result<UserSession?, StorageError> = Result { () throws(StorageError) in try store.load() }
            switch loaded {
            case .success(let session):
                return session.map { Entry(path: store.path, session: $0, problem: nil) }
            case .failure(let problem):
                return Entry(path: store.path, session: nil, problem: problem)
            }
        }
    }

    private static func children(of path: String) -> [String] {
        (DirectoryEntries.names(in: path) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }
}
