import AuthflowPrimitives

/// Every project's tenants, each kept as its `Tenant` resource (`tenantId`, `name`, the sign-in switches,
/// `mfaConfig`, `displayName`), as the emulator keeps one tenant project per ID under each agent project.
struct TenantRegistry: Sendable {
    private var tenantsByProject: [String: [String: JSONObject]] = [:]

    /// The settings a tenant gets when a request names one that does not exist yet: everything on, SMS second
    /// factors enabled (the emulator's convenience; production defaults everything off).
    static func implicitConfig() -> JSONObject {
        JSONObject([
            ("allowPasswordSignup", true), ("disableAuth", false),
            ("mfaConfig", ["state": "ENABLED", "enabledProviders": ["PHONE_SMS"]]),
            ("enableAnonymousUser", true), ("enableEmailLinkSignin", true),
        ])
    }

    /// Stores `config` under a fresh 28-character ID and returns the stored resource.
    mutating func create(projectID: String, _ config: JSONObject) -> JSONObject {
        var tenantID = RandomText.alphanumeric(28)
        while tenantsByProject[projectID]?[tenantID] != nil { tenantID = RandomText.alphanumeric(28) }
        return store(projectID: projectID, tenantID: tenantID, config)
    }

    /// The tenant, created with ``implicitConfig()`` when missing.
    mutating func tenant(projectID: String, tenantID: String) -> JSONObject {
        if let existing = tenantsByProject[projectID]?[tenantID] { return existing }
        return store(projectID: projectID, tenantID: tenantID, Self.implicitConfig())
    }

    /// Replaces the stored resource (its `tenantId` and `name` are kept).
    mutating func replace(projectID: String, tenantID: String, _ config: JSONObject) -> JSONObject {
        store(projectID: projectID, tenantID: tenantID, config)
    }

    /// The project's tenants with IDs after `startToken`, in ascending ID order.
    func list(projectID: String, after startToken: String?) -> [JSONObject] {
        let tenants = tenantsByProject[projectID] ?? [:]
        return tenants.keys.sorted().filter { startToken == nil || $0 > startToken ?? "" }.compactMap { tenants[$0] }
    }

    /// Whether a tenant with this ID is registered (under any project: a registry holds one project's).
    func exists(tenantID: String) -> Bool {
        tenantsByProject.values.contains { $0[tenantID] != nil }
    }

    mutating func delete(projectID: String, tenantID: String) {
        tenantsByProject[projectID]?[tenantID] = nil
    }

    mutating func removeAll() {
        tenantsByProject.removeAll()
    }

    private mutating func store(projectID: String, tenantID: String, _ config: JSONObject) -> JSONObject {
        var stored = config
        stored["tenantId"] = .string(tenantID)
        stored["name"] = .string("projects/\(projectID)/tenants/\(tenantID)")
        tenantsByProject[projectID, default: [:]][tenantID] = stored
        return stored
    }
}
