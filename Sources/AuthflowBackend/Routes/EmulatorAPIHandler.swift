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
        case ("deviceAuthorizations", "GET"):
            return JSONReply.ok(["deviceAuthorizations": .array(service.deviceAuthorizations.pending.map(\.json))])
        case ("deviceAuthorizations", "POST"):
            return decideDeviceAuthorization(request, service: service)
        case ("deviceClients", "POST"):
            return allowDeviceClient(request, service: service)
        case ("verificationCodes", _), ("oobCodes", _), ("accounts", _), ("deviceAuthorizations", _),
            ("deviceClients", _):
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

    /// `POST deviceAuthorizations` `{"decision": "approve"|"deny"|"expire"|"slowDown", "userCode"?, "sub",
    /// "email"?, "name"?}`: the user's answer at the provider (the latest authorization without `userCode`).
    private static func decideDeviceAuthorization(
        _ request: LoopbackRequest, service: BackendService
    ) -> LoopbackResponse {
        do throws(APIError) {
            let body = try RequestFields.parse(json: request.body)
            let change: EmbeddedBackend.DeviceAuthorizationChange
            switch try body.nonEmptyString("decision") {
            case "approve":
                guard let sub = try body.nonEmptyString("sub") else { throw .badRequest("MISSING_SUB") }
                change = .approve(
                    EmbeddedBackend.DeviceAuthorizationUser(
                        sub: sub, email: try body.nonEmptyString("email"), name: try body.nonEmptyString("name")))
            case "deny": change = .deny
            case "expire": change = .expire
            case "slowDown": change = .slowDown
            default: throw .badRequest("INVALID_DECISION : decision must be approve, deny, expire or slowDown.")
            }
            guard service.deviceAuthorizations.decide(userCode: try body.nonEmptyString("userCode"), change) else {
                throw .badRequest("DEVICE_AUTHORIZATION_NOT_FOUND")
            }
            return JSONReply.ok(.object(JSONObject()))
        } catch {
            return JSONReply.error(error)
        }
    }

    /// `POST deviceClients` `{"providerId", "clientId"}`: ID tokens issued to the client are accepted for the
    /// provider.
    private static func allowDeviceClient(_ request: LoopbackRequest, service: BackendService) -> LoopbackResponse {
        do throws(APIError) {
            let body = try RequestFields.parse(json: request.body)
            guard let providerId = try body.nonEmptyString("providerId") else {
                throw .badRequest("MISSING_PROVIDER_ID")
            }
            guard let clientId = try body.nonEmptyString("clientId") else { throw .badRequest("MISSING_CLIENT_ID") }
            service.deviceAuthorizations.allowAudience(clientId, for: providerId)
            return JSONReply.ok(.object(JSONObject()))
        } catch {
            return JSONReply.error(error)
        }
    }
}
