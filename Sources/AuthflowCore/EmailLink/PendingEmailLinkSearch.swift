import AuthflowParsing
import AuthflowPrimitives
import AuthflowStorage
import Foundation

/// Finds, among every project's pending email links under a state root, the ones a clicked link may belong
/// to. `authflow handle-url` needs this: the desktop runs it with no project flags and often in the home
/// directory, so the only trace of the project is the record `email-link send` left.
public enum PendingEmailLinkSearch {
    /// A pending link and the project directory holding it.
    public struct Match: Sendable {
        /// The record.
        public let pending: PendingEmailLink
        /// Its project's state directory.
        public let directory: ProjectStateDirectory
    }

    /// The pending links whose project could have issued `action`, newest first. A link matches when its
    /// `apiKey` is the one the record was sent with, or is the emulator's `fake-api-key` and the record was
    /// sent through an emulator, and the tenants agree. Unreadable records are skipped: this is a best guess
    /// that the completion itself then checks.
    public static func matches(for action: ActionCodeURL, under root: StateDirectory) -> [Match] {
        projectDirectories(under: root)
            .compactMap { directory -> Match? in
                guard let pending = try? PendingEmailLinkStore(directory: directory).load() else { return nil }
                return Match(pending: pending, directory: directory)
            }
            .filter { match in
                let pending = match.pending
                let sameKey =
                    action.apiKey == pending.apiKey
                    || (action.apiKey == EmailLinkProjectCheck.emulatorAPIKey && pending.project.emulatorHost != nil)
                return sameKey && action.tenantID == pending.project.tenantID
            }
            .sorted { $0.pending.sentAt > $1.pending.sentAt }
    }

    /// Every project directory that exists under `root`, in the layout ``ProjectStateDirectory`` writes:
    /// `projects/<id>[/tenants/<t>]` and `emulators/<host:port>/<id>[/tenants/<t>]`.
    static func projectDirectories(under root: StateDirectory) -> [ProjectStateDirectory] {
        var found: [ProjectStateDirectory] = []
        for projectName in names(in: FilePath.join(root.path, "projects")) {
            found += withTenants(
                root: root, base: ["projects", projectName], emulatorHost: nil, projectName: projectName)
        }
        for hostName in names(in: FilePath.join(root.path, "emulators")) {
            for projectName in names(in: FilePath.join(FilePath.join(root.path, "emulators"), hostName)) {
                found += withTenants(
                    root: root, base: ["emulators", hostName, projectName], emulatorHost: hostName,
                    projectName: projectName)
            }
        }
        return found
    }

    private static func withTenants(
        root: StateDirectory, base: [String], emulatorHost: String?, projectName: String
    ) -> [ProjectStateDirectory] {
        let projectPath = base.reduce(root.path) { FilePath.join($0, $1) }
        let tenantNames = names(in: FilePath.join(projectPath, "tenants"))
        let tenants: [String?] = [nil] + tenantNames.map { Optional($0) }
        return tenants.compactMap { tenantName in
            let directory = ProjectStateDirectory(
                root: root, projectID: PercentDecoding.decode(projectName),
                tenantID: tenantName.map { PercentDecoding.decode($0) },
                emulatorHost: emulatorHost.map { PercentDecoding.decode($0) })
            // Names authflow did not write (decoding back to another path) are not project directories.
            let expected = tenantName.map { FilePath.join(FilePath.join(projectPath, "tenants"), $0) } ?? projectPath
            return directory.path == expected ? directory : nil
        }
    }

    private static func names(in path: String) -> [String] {
        (DirectoryEntries.names(in: path) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }
}
