import AuthflowPrimitives

/// Picks the state a REST call addresses, as the emulator does for every operation alike: the project from the
/// path (`projects/{projectId}`), else the body's `targetProjectId` (admin only), else the API key's (the
/// configured project); the tenant from the path (`tenants/{tenantId}`) or the body's `tenantId`, else the
/// tenant an ID token or refresh token in the body belongs to. Two sources naming different tenants answer
/// `TENANT_ID_MISMATCH`.
enum RequestScope {
    static func resolve(
        _ operation: RestOperation, body: RequestFields, privileged: Bool, service: BackendService,
        states: ScopedStates, log: (String) -> Void
    ) throws(APIError) -> StateScope {
        let configured = service.configuration.projectID
        var projectID = operation.pathParameters["projectId"] ?? configured
        if operation.pathParameters["projectId"] == nil, let target = try body.nonEmptyString("targetProjectId") {
            if !privileged {
                throw .badRequest(
                    "INSUFFICIENT_PERMISSION : Only authenticated requests can specify target_project_id.")
            }
            try ProjectCheck.check(
                target, configured: configured, mode: service.configuration.singleProjectMode, log: log)
            projectID = target
        }

        let pathTenant = operation.pathParameters["tenantId"]
        let bodyTenant = try body.nonEmptyString("tenantId")
        if let pathTenant, let bodyTenant { try ensure(pathTenant == bodyTenant, "TENANT_ID_MISMATCH") }
        var tenantID = pathTenant ?? bodyTenant

        if let idToken = try body.nonEmptyString("idToken"),
            let tokenTenant = IDToken.decodeJWT(idToken)?.payload["firebase"]?["tenant"]?.stringValue,
            !tokenTenant.isEmpty
        {
            if let tenantID { try ensure(tokenTenant == tenantID, "TENANT_ID_MISMATCH") }
            tenantID = tokenTenant
        }
        if let refreshToken = try body.nonEmptyString("refreshToken"),
            case .some(.some(let tokenTenant)) = states.tenantID(
                holdingRefreshToken: refreshToken, projectID: projectID)
        {
            if let tenantID {
                try ensure(
                    tokenTenant == tenantID,
                    "TENANT_ID_MISMATCH: ((Refresh token tenant ID does not match target tenant ID.))")
            }
            tenantID = tokenTenant
        }
        let scope = StateScope(projectID: projectID, tenantID: tenantID)
        return operation.level == .project ? scope.project : scope
    }
}
