/// Every project's state and, within each, every tenant's: the one value behind the backend's state lock.
/// A project is created on first use; a tenant's state is created with its tenant (named by a request or by
/// tenant management) and goes when the tenant is deleted. Each operation gets exactly one of these states
/// (``withState(_:_:)``); a tenant's state carries the tenant's switches and the project's settings, refreshed
/// from the project before every use, so nothing a tenant's operation needs lies outside it.
struct ScopedStates: Sendable {
    private struct Project: Sendable {
        var own: BackendState
        var tenants: [String: BackendState] = [:]
    }

    private var projects: [String: Project] = [:]
    /// A new project's state (the backend's configured settings under another project ID).
    private let newProject: @Sendable (String) -> BackendState

    init(newProject: @escaping @Sendable (String) -> BackendState) {
        self.newProject = newProject
    }

    /// Runs `body` on the state of `scope`. Naming a tenant that does not exist creates it with everything on,
    /// as the emulator does; after a project-level change, tenants no longer registered lose their state.
    mutating func withState<Result, Failure: Error>(
        _ scope: StateScope, _ body: (inout BackendState) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        var project = projects.removeValue(forKey: scope.projectID) ?? Project(own: newProject(scope.projectID))
        defer { projects[scope.projectID] = project }
        guard let tenantID = scope.tenantID else {
            let result = try body(&project.own)
            project.tenants = project.tenants.filter { project.own.tenants.exists(tenantID: $0.key) }
            return result
        }
        let resource = project.own.tenants.tenant(projectID: scope.projectID, tenantID: tenantID)
        let settings = TenantSettings(tenantID: tenantID, resource: resource)
        var state = project.tenants.removeValue(forKey: tenantID) ?? BackendState(tenantOf: project.own, settings)
        state.inheritProjectSettings(from: project.own)
        state.tenant = settings
        defer { project.tenants[tenantID] = state }
        return try body(&state)
    }

    /// The tenant of `projectID` holding `refreshToken`: `.some(nil)` for the project's own, `nil` when no
    /// state of the project knows it.
    func tenantID(holdingRefreshToken refreshToken: String, projectID: String) -> String?? {
        guard let project = projects[projectID] else { return nil }
        if project.own.refreshTokens[refreshToken] != nil { return .some(nil) }
        return project.tenants.first { $0.value.refreshTokens[refreshToken] != nil }.map { .some($0.key) }
    }

    /// Forgets everything of every project (``EmbeddedBackend/reset()``), keeping the projects' settings.
    mutating func reset() {
        for key in projects.keys {
            projects[key]?.own.reset()
            projects[key]?.tenants.removeAll()
        }
    }
}
