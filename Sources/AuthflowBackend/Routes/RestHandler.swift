import AuthflowListener
import AuthflowPrimitives
import Foundation

/// Runs one REST call the way the emulator's middleware does: authorization (`Bearer owner` is admin),
/// the non-empty `key` check (query parameter or `x-goog-api-key` header), body parsing, then the operation under the state lock.
enum RestHandler {
    static func handle(
        _ operation: RestOperation, _ request: LoopbackRequest, service: BackendService
    ) -> LoopbackResponse {
        var logs: [String] = []
        defer { service.emit(logs) }

        var privileged = false
        if let authorization = request.header("Authorization"), authorization.lowercased().hasPrefix("bearer ") {
            let token = String(authorization.dropFirst("bearer ".count))
            if token.lowercased() == "owner" {
                privileged = true
            } else if token.hasPrefix("ya29.") {
                privileged = true
                logs.append(
                    "Received service account token \(token). Assuming that it owns project \"\(service.configuration.projectID)\"."
                )
            } else {
                return JSONReply.error(.invalidCredentials)
            }
        }
        service.receivedHeaders.withLock {
            $0.append(BackendRequestHeaders(operation: operation.name, all: request.headers))
        }
        let query = QueryParameters(form: request.query ?? "")
        if let projectID = operation.pathParameters["projectId"],
            let refusal = ProjectCheck.refusal(projectID, service: service, logs: &logs)
        {
            return refusal
        }
        let headerKey = request.header("x-goog-api-key").flatMap { $0.isEmpty ? nil : $0 }
        if !privileged, query.nonEmpty("key") == nil, headerKey == nil { return JSONReply.error(.missingAPIKey) }
        if !privileged, let restriction = service.keyRestriction.withLock({ $0 }),
            let refusal = KeyRestrictionCheck.refusal(
                of: request, under: restriction,
                service: operation.name == "token" ? "securetoken.googleapis.com" : "identitytoolkit.googleapis.com",
                projectID: service.configuration.projectID)
        {
            return refusal
        }
        if !AppCheckEnforcement.admits(operation, request, privileged: privileged, service: service) {
            return JSONReply.error(.appCheckTokenInvalid)
        }

        let body: RequestFields
        var operation = operation
        do throws(APIError) {
            body = try parseBody(operation.body, request)
            try RequestSchema.validate(body, operation: operation.name)
            if operation.projectFromBody {
                guard let named = try body.nonEmptyString("targetProjectId") else {
                    throw .badRequest("INSUFFICIENT_PERMISSION")
                }
                try ProjectCheck.check(
                    named, configured: service.configuration.projectID, mode: service.configuration.singleProjectMode
                ) { logs.append($0) }
                operation.pathParameters["projectId"] = named
            }
            if operation.projectNeedsAdmin, operation.pathParameters["projectId"] != nil, !privileged {
                throw .badRequest(
                    "INSUFFICIENT_PERMISSION : Only authenticated requests can specify target_project_id.")
            }
        } catch {
            return JSONReply.error(error)
        }

        var context = OperationContext(body: body, privileged: privileged, origin: service.origin, now: Date())
        context.deviceAuthorizations = service.deviceAuthorizations
        context.pathParameters = operation.pathParameters
        context.query = query
        context.locale = OobLink.language(request.header("X-Firebase-Locale"))
        context.remoteFunctionsAllowed = service.configuration.allowsRemoteBlockingFunctions
        let result = BlockingFunctionRun.perform(&context) { context in
            service.scopes.withLock { states in
                do throws(APIError) {
                    let scope = try RequestScope.resolve(
                        operation, body: body, privileged: privileged, service: service, states: states
                    ) { context.log($0) }
                    return try states.withState(scope) {
                        (state: inout BackendState) throws(APIError) -> Result<JSONObject, APIError>? in
                        if operation.level == .scoped { try state.ensureAuthEnabled() }
                        return BlockingFunctionRun.attempt(operation.run, &state, &context)
                    }
                } catch {
                    return .failure(error)
                }
            }
        }
        logs.append(contentsOf: context.logs)
        switch result {
        case .success(let reply): return JSONReply.ok(.object(reply))
        case .failure(let error): return JSONReply.error(error)
        }
    }

    private static func parseBody(_ format: BodyFormat, _ request: LoopbackRequest) throws(APIError) -> RequestFields {
        switch format {
        case .none:
            return .empty
        case .json:
            return try RequestFields.parse(json: request.body)
        case .formOrJSON:
            let contentType = request.header("Content-Type")?.lowercased() ?? ""
            let firstByte = request.body.first { !($0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09) }
            if contentType.hasPrefix("application/json")
                || (!contentType.hasPrefix("application/x-www-form-urlencoded") && firstByte == UInt8(ascii: "{"))
            {
                return try RequestFields.parse(json: request.body)
            }
            return RequestFields.parse(form: request.body)
        }
    }
}
