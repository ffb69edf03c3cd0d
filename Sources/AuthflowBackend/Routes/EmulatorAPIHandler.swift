import AuthflowListener
import AuthflowPrimitives

/// The emulator-only API under `/emulator/v1/projects/<id>/` and `/emulator/v1/projects/<id>/tenants/<tenant>/`
/// (no key needed): listing codes, deleting all accounts, and (projects only) the two emulator settings. Each
/// project and tenant has its own; one never used reads as empty.
enum EmulatorAPIHandler {
    static func handle(
        _ scope: StateScope, resource: String, _ request: LoopbackRequest, service: BackendService
    ) -> LoopbackResponse {
        var warnings: [String] = []
        defer { service.emit(warnings) }
        if let refusal = ProjectCheck.refusal(scope.projectID, service: service, logs: &warnings) { return refusal }
        let state = service.state(scope)
        let method = request.method == "HEAD" ? "GET" : request.method
        switch (resource, method) {
        case ("verificationCodes", "GET"):
            let codes = state.withLock { $0.verificationCodes.map(\.json) }
            return JSONReply.ok(["verificationCodes": .array(codes)])
        case ("oobCodes", "GET"):
            let codes = state.withLock { $0.oobCodes.map(\.json) }
            return JSONReply.ok(["oobCodes": .array(codes)])
        case ("accounts", "DELETE"):
            state.withLock { $0.deleteAllAccounts() }
            return JSONReply.ok(.object(JSONObject()))
        case ("config", "GET") where scope.tenantID == nil:
            return JSONReply.ok(state.withLock { ProjectConfigOperations.emulatorView($0) })
        case ("config", "PATCH") where scope.tenantID == nil:
            return updateConfig(
                request, state: state, remoteFunctionsAllowed: service.configuration.allowsRemoteBlockingFunctions)
        case ("config", _) where scope.tenantID == nil:
            return JSONReply.error(.methodNotAllowed)
        case ("verificationCodes", _), ("oobCodes", _), ("accounts", _):
            return JSONReply.error(.methodNotAllowed)
        default:
            return JSONReply.error(.notFound)
        }
    }

    private static func updateConfig(
        _ request: LoopbackRequest, state: ScopedStateLock, remoteFunctionsAllowed: Bool
    ) -> LoopbackResponse {
        do throws(APIError) {
            let body = try RequestFields.parse(json: request.body)
            let reply = try state.withLock { (state) throws(APIError) -> JSONValue in
                try ProjectConfigOperations.emulatorPatch(body, &state, remoteFunctionsAllowed: remoteFunctionsAllowed)
            }
            return JSONReply.ok(reply)
        } catch {
            return JSONReply.error(error)
        }
    }
}
