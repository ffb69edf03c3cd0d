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
            let settings = isOurs ? service.state.withLock { ($0.emailEnumerationProtection, $0.allowDuplicateEmails) } : (false, false)
            return JSONReply.ok(config(settings.0, allowDuplicateEmails: settings.1))
        case ("config", "PATCH"):
            return updateConfig(request, isOurs: isOurs, service: service)
        case ("verificationCodes", _), ("oobCodes", _), ("accounts", _), ("config", _):
            return JSONReply.error(.methodNotAllowed)
        default:
            return JSONReply.error(.notFound)
        }
    }

    private static func config(_ protection: Bool, allowDuplicateEmails: Bool) -> JSONValue {
        [
            "signIn": ["allowDuplicateEmails": .bool(allowDuplicateEmails)],
            "emailPrivacyConfig": ["enableImprovedEmailPrivacy": .bool(protection)],
        ]
    }

    private static func updateConfig(
        _ request: LoopbackRequest, isOurs: Bool, service: BackendService
    ) -> LoopbackResponse {
        do throws(APIError) {
            let body = try RequestFields.parse(json: request.body)
            let duplicates = try body.nested("signIn")?.bool("allowDuplicateEmails")
            let protection = try body.nested("emailPrivacyConfig")?.bool("enableImprovedEmailPrivacy")
            guard isOurs else {
                return JSONReply.ok(config(protection ?? false, allowDuplicateEmails: duplicates ?? false))
            }
            let current = service.state.withLock { state in
                if let protection { state.emailEnumerationProtection = protection }
                if let duplicates { state.allowDuplicateEmails = duplicates }
                return (state.emailEnumerationProtection, state.allowDuplicateEmails)
            }
            return JSONReply.ok(config(current.0, allowDuplicateEmails: current.1))
        } catch {
            return JSONReply.error(error)
        }
    }
}
