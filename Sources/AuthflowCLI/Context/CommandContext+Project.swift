import AuthflowCore
import AuthflowHTTP
import AuthflowLocalization
import AuthflowPrimitives
import AuthflowStorage
import Foundation

extension CommandContext {
    /// A context for a configuration worked out by the command itself rather than loaded from flags, the
    /// environment and files (`handle-url` finds its project from a pending sign-in link).
    init(configuration: ProjectConfiguration, stateRoot: StateDirectory, verbose: Bool) {
        self.configuration = configuration
        self.stateRoot = stateRoot
        self.verbose = verbose
        // An unusable value was already reported by whatever loaded the environment first; fall back quietly.
        requestTimeout =
            (try? Self.requestTimeout(ProcessEnvironment.current()["AUTHFLOW_REQUEST_TIMEOUT"])) ?? .seconds(30)
        requestBudget = RequestBudget(total: requestTimeout)
    }

    /// The project, tenant and backend a session signed in here belongs to; needs a project ID.
    func sessionProject() throws(CommandFailure) -> SessionProject {
        guard let projectID = configuration.projectID else {
            throw .from(ConfigurationError.missing(.projectID, purpose: localized("Keeping a session")))
        }
        return SessionProject(
            projectID: projectID, tenantID: configuration.tenantID, emulatorHost: configuration.emulatorHost)
    }
}

extension CommandContext {
    /// What the sign-in flows work with: this project's client, configuration, session project and state
    /// directory.
    func flowEnvironment() throws(CommandFailure) -> FlowEnvironment {
        FlowEnvironment(
            client: try client(), configuration: configuration, project: try sessionProject(),
            directory: try projectDirectory())
    }
}
