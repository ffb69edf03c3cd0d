import AuthflowPrimitives

/// v2 `projects/<id>/tenants` (create, list) and `projects/<id>/tenants/<tenantId>` (get, patch, delete), the
/// Admin SDK's tenant management. Admin only.
enum TenantOperations {
    static let switches = ["allowPasswordSignup", "disableAuth", "enableAnonymousUser", "enableEmailLinkSignin"]

    /// `POST …/tenants`: production defaults (every switch off, MFA `DISABLED`) for what the body leaves out.
    static func create(_ state: inout BackendState, _ context: inout OperationContext) throws(APIError) -> JSONObject {
        let projectID = context.pathParameters["projectId"] ?? state.projectID
        return state.tenants.create(projectID: projectID, try fullConfig(context.body))
    }

    /// `GET …/tenants?pageSize&pageToken`: ascending by ID; 20 a page by default, at most 1000, a negative size
    /// lists everything; a full page always carries `nextPageToken` (its last ID).
    static func list(_ state: inout BackendState, _ context: inout OperationContext) throws(APIError) -> JSONObject {
        let projectID = context.pathParameters["projectId"] ?? state.projectID
        var tenants = state.tenants.list(projectID: projectID, after: context.query.nonEmptyValue("pageToken"))
        let requested = context.query.value("pageSize").flatMap(Double.init).map { $0.rounded(.down) } ?? 0
        let pageSize = Int(min(requested == 0 || requested.isNaN ? 20 : requested, 1000))
        var reply = JSONObject()
        if pageSize > 0, tenants.count >= pageSize {
            tenants = Array(tenants.prefix(pageSize))
            reply.set("nextPageToken", tenants.last?["tenantId"])
        }
        reply["tenants"] = .array(tenants.map { .object($0) })
        return reply
    }

    /// `GET …/tenants/<tenantId>`: a tenant never created is created with everything on.
    static func get(_ state: inout BackendState, _ context: inout OperationContext) throws(APIError) -> JSONObject {
        let (projectID, tenantID) = ids(context, state)
        return state.tenants.tenant(projectID: projectID, tenantID: tenantID)
    }

    /// `DELETE …/tenants/<tenantId>`: `{}`; a body (the Node Admin SDK sends `{}`) is ignored.
    static func delete(_ state: inout BackendState, _ context: inout OperationContext) throws(APIError) -> JSONObject {
        let (projectID, tenantID) = ids(context, state)
        _ = state.tenants.tenant(projectID: projectID, tenantID: tenantID)
        state.tenants.delete(projectID: projectID, tenantID: tenantID)
        return JSONObject()
    }

    /// `PATCH …/tenants/<tenantId>?updateMask`: without a mask a full update with production defaults,
    /// otherwise the masked fields only (see ``UpdateMask``).
    static func patch(_ state: inout BackendState, _ context: inout OperationContext) throws(APIError) -> JSONObject {
        let (projectID, tenantID) = ids(context, state)
        let stored = state.tenants.tenant(projectID: projectID, tenantID: tenantID)
        let updated: JSONObject
        if let mask = context.query.nonEmptyValue("updateMask") {
            _ = try fullConfig(context.body)
            updated = UpdateMask.apply(mask, to: stored, from: context.body.object)
        } else {
            updated = try fullConfig(context.body)
        }
        return state.tenants.replace(projectID: projectID, tenantID: tenantID, updated)
    }

    private static func ids(_ context: OperationContext, _ state: BackendState) -> (String, String) {
        (context.pathParameters["projectId"] ?? state.projectID, context.pathParameters["tenantId"] ?? "")
    }

    /// The resource a create or an unmasked update stores: the body's values (type-checked), production
    /// defaults for the rest.
    private static func fullConfig(_ body: RequestFields) throws(APIError) -> JSONObject {
        var config = JSONObject()
        config.set("displayName", try body.string("displayName"))
        for name in switches { config[name] = .bool(try body.bool(name) ?? false) }
        let mfa = try body.nested("mfaConfig")
        var mfaConfig = mfa?.object ?? JSONObject()
        mfaConfig["state"] = .string(try mfa?.enumeration("state", .mfaState) ?? "DISABLED")
        mfaConfig["enabledProviders"] = .array((try mfa?.stringArray("enabledProviders") ?? []).map { .string($0) })
        config["mfaConfig"] = .object(mfaConfig)
        return config
    }
}
