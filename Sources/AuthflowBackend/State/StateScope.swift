/// Which state a request addresses: a project's own, or one tenant's within a project (the emulator keeps
/// an agent project per project ID and a tenant project per tenant ID under it).
struct StateScope: Hashable, Sendable {
    var projectID: String
    /// `nil` for the project's own state.
    var tenantID: String?

    /// The project the scope belongs to, without its tenant.
    var project: StateScope { StateScope(projectID: projectID) }
}

/// Where an operation runs relative to the scope its request addresses.
enum OperationLevel: Sendable {
    /// In the addressed scope; a tenant whose `disableAuth` is set refuses it with `PROJECT_DISABLED`.
    case scoped
    /// In the addressed scope, even in a tenant whose auth is disabled (the secure-token exchange).
    case scopedEvenWhenAuthDisabled
    /// In the project's own state, whatever tenant the request names (tenant management: the tenant
    /// registry is the project's).
    case project
}
