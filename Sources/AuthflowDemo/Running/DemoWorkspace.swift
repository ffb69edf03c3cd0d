import AuthflowLocalization
import AuthflowPrimitives
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A private directory the tour's commands keep their state in, so the demo never touches the user's own
/// sessions, pending flows or desktop settings. It is 0700 (made by `mkdtemp`) and removed at the end unless
/// the user asked to keep it.
public struct DemoWorkspace: Sendable {
    /// The directory itself.
    public let path: String

    /// `XDG_STATE_HOME` of the tour's commands: sessions and pending flows.
    public var stateHome: String { path + "/state" }
    /// `XDG_RUNTIME_DIR` of the tour's commands: where a waiting flow publishes itself for `handle-url`.
    public var runtimeDirectory: String { path + "/run" }

    /// Creates a fresh workspace under `$TMPDIR` (or /tmp).
    public static func create(
        environment: [String: String] = ProcessEnvironment.current()
    ) throws(DemoFailure) -> DemoWorkspace {
        let base = environment["TMPDIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
        var template = Array((base + "/authflow-demo.XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else {
            throw DemoFailure.setup(
                localized(
                    "Could not create a private directory under \(base): \(SystemError.current.localizedMessage). "
                        + "Set TMPDIR to a writable directory.")
            )
        }
        let workspace = DemoWorkspace(path: String(cString: made))
        for directory in [workspace.stateHome, workspace.runtimeDirectory] where mkdir(directory, 0o700) != 0 {
            let reason = SystemError.current.localizedMessage
            throw DemoFailure.setup(localized("Could not create \(directory): \(reason)."))
        }
        return workspace
    }

    /// The environment every tour command runs with: ours, minus anything that would point it at another
    /// project or a proxy, plus the backend and this workspace.
    func environment(
        backendHost: String, projectID: String, apiKey: String, inheriting inherited: [String: String],
        language: String? = nil
    ) -> [String: String] {
        var environment = inherited.filter { key, _ in
            !(key.hasPrefix("FIREBASE_") || key.lowercased().hasSuffix("_proxy") || key == "AUTHFLOW_LANG")
        }
        environment["FIREBASE_AUTH_EMULATOR_HOST"] = backendHost
        environment["FIREBASE_PROJECT_ID"] = projectID
        environment["FIREBASE_API_KEY"] = apiKey
        environment["XDG_STATE_HOME"] = stateHome
        environment["XDG_RUNTIME_DIR"] = runtimeDirectory
        if let language { environment["AUTHFLOW_LANG"] = language }
        return environment
    }

    /// Deletes the workspace and everything in it.
    public func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}
