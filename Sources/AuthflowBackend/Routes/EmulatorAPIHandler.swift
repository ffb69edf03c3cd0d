import AuthflowListener
import AuthflowPrimitives

/// The emulator-only API under `/emulator/v1/projects/<id>/` (no key needed): listing codes, deleting all
/// accounts, and the two emulator settings. Another project ID reads as an empty project.
enum EmulatorAPIHandler {
    static func handle(
        projectID: String, resource: String, _ request: LoopbackRequest, service: BackendService
    ) -> LoopbackResponse {
        var warnings: [String] = []
        defer { service.emit(warnings) }
        if let refusal = ProjectCheck.refusal(projectID, service: service, logs: &warnings) { return refusal }
        let isOurs = projectID == service.configuration.projectID
        let method = request.method == "HEAD" ? "GET" : request.method
        switch (resource, method) {
        case ("verificationCodes", "GET"):
            let codes = isOurs ? service.state.withLock { $0.verificationCodes.map(\.json) } : []
            return JSONReply.ok(["verificationCodes": .array(codes)])
        case ("oobCodes", "GET"):
            let codes = isOurs ? service.state.withLock { $0.oobCodes.map(\.json) } : []
            return JSONReply.ok(["oobCodes": .array(codes)])
        case ("accounts", "DELETE"):
            if isOurs { service.state.withLock { $0.deleteAllAccounts() } }
            return JSONReply.ok(.object(JSONObject()))
        case ("config", "GET"):
            return JSONReply.ok(
                isOurs
                    ? service.state.withLock { ProjectConfigOperations.emulatorView($0) }
                    : ProjectConfigOperations.emulatorView(Self.emptyProject(service)))
        case ("config", "PATCH"):
            return updateConfig(request, isOurs: isOurs, service: service)
        case ("verificationCodes", _), ("oobCodes", _), ("accounts", _), ("config", _):
            return JSONReply.error(.methodNotAllowed)
        default:
            return JSONReply.error(.notFound)
        }
    }

    /// A project other than ours reads as a fresh one.
    private static func emptyProject(_ service: BackendService) -> BackendState {
        BackendState(
            projectID: service.configuration.projectID, emailEnumerationProtection: false,
            verificationCodeLifetime: nil)
    }

    private static func updateConfig(
        _ request: LoopbackRequest, isOurs: Bool, service: BackendService
    ) -> LoopbackResponse {
        do throws(APIError) {
            let body = try RequestFields.parse(json: request.body)
            guard isOurs else {
                var scratch = emptyProject(service)
                return JSONReply.ok(try ProjectConfigOperations.emulatorPatch(body, &scratch))
            }
            let reply = try service.state.withLock { (state) throws(APIError) -> JSONValue in
                try ProjectConfigOperations.emulatorPatch(body, &state)
            }
            return JSONReply.ok(reply)
        } catch {
            return JSONReply.error(error)
        }
    }
}
