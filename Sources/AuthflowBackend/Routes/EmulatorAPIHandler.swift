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
            return JSONReply.ok(config(isOurs ? service.state.withLock { $0.emailEnumerationProtection } : false))
        case ("config", "PATCH"):
            return updateConfig(request, isOurs: isOurs, service: service)
        case ("verificationCodes", _), ("oobCodes", _), ("accounts", _), ("config", _):
            return JSONReply.error(.methodNotAllowed)
        default:
            return JSONReply.error(.notFound)
        }
    }

    private static func config(_ protection: Bool) -> JSONValue {
        [
            "signIn": ["allowDuplicateEmails": false],
            "emailPrivacyConfig": ["enableImprovedEmailPrivacy": .bool(protection)],
        ]
    }

    private static func updateConfig(
        _ request: LoopbackRequest, isOurs: Bool, service: BackendService
    ) -> LoopbackResponse {
        do throws(APIError) {
            let body = try RequestFields.parse(json: request.body)
            if try body.nested("signIn")?.bool("allowDuplicateEmails") == true {
                throw .notImplemented("allowDuplicateEmails is not supported by authflow's embedded backend.")
            }
            let protection = try body.nested("emailPrivacyConfig")?.bool("enableImprovedEmailPrivacy")
            guard isOurs else { return JSONReply.ok(config(protection ?? false)) }
            let current = service.state.withLock { state in
                if let protection { state.emailEnumerationProtection = protection }
                return state.emailEnumerationProtection
            }
            return JSONReply.ok(config(current))
        } catch {
            return JSONReply.error(error)
        }
    }
}
