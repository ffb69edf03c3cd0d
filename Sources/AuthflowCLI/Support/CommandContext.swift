import AuthflowCore
import Foundation

/// What a command that talks to Firebase starts from: the resolved configuration and the state directory.
struct CommandContext {
    let configuration: ProjectConfiguration
    let stateRoot: StateDirectory

    /// Loads configuration from the flags, the environment and the files; problems are usage errors.
    init(options: ProjectOptions, environment: [String: String] = ProcessInfo.processInfo.environment) throws(CommandFailure) {
        do {
            configuration = try ConfigurationLoader(
                flags: options.flagLayer, environment: environment, configPath: options.configPath
            ).load()
        } catch {
            throw CommandFailure(error.description, status: .usage)
        }
        do {
            stateRoot = try StateDirectory.resolve(explicit: options.stateDirectory, environment: environment)
        } catch {
            throw CommandFailure(error.description, status: .usage)
        }
    }

    /// The project's state directory; needs a project ID, since sessions are kept per project.
    func projectDirectory() throws(CommandFailure) -> ProjectStateDirectory {
        let projectID: String
        do {
            projectID = try configuration.require(.projectID, purpose: "Keeping a session")
        } catch {
            throw CommandFailure(error.description, status: .usage)
        }
        return ProjectStateDirectory(
            root: stateRoot, projectID: projectID, tenantID: configuration.tenantID,
            emulatorHost: configuration.emulatorHost)
    }

    /// The session store of this project.
    func sessionStore() throws(CommandFailure) -> SessionStore {
        SessionStore(directory: try projectDirectory())
    }

    /// The stored session, or a refusal (exit 1) that says how to sign in.
    func requireSession() throws(CommandFailure) -> (SessionStore, UserSession) {
        let store = try sessionStore()
        let loaded: UserSession?
        do {
            loaded = try store.load()
        } catch {
            throw CommandFailure(error.description, status: .usage)
        }
        guard let session = loaded else {
            throw CommandFailure(
                "Nobody is signed in to \(projectLabel). Sign in first, e.g. `authflow email-link send`, "
                    + "`authflow phone sign-in` or `authflow apple sign-in`.",
                status: .refused)
        }
        return (store, session)
    }

    /// The project as messages name it: `my-project`, `my-project (tenant t1)`, `demo (emulator 127.0.0.1:9099)`.
    var projectLabel: String {
        var label = configuration.projectID ?? "this project"
        if let tenant = configuration.tenantID { label += " (tenant \(tenant))" }
        if let emulator = configuration.emulatorHost { label += " (emulator \(emulator))" }
        return label
    }
}
