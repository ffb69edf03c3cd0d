import AuthflowListener
import AuthflowPrimitives
import Foundation

/// The check a project that enforces App Check for Authentication makes on every Identity Toolkit and
/// secure-token call: a valid `X-Firebase-AppCheck` token, or 401 "Firebase App Check token is invalid.".
/// Admin calls (`Bearer owner`) are exempt, as service-account calls are in production.
enum AppCheckEnforcement {
    /// Records what the request presented and says whether it may proceed.
    static func admits(
        _ operation: RestOperation, _ request: LoopbackRequest, privileged: Bool, service: BackendService
    ) -> Bool {
        let token = request.header(HTTPHeader.appCheckFieldName)
        let valid = service.appCheck.isValid(token, now: Date())
        service.appCheck.record(BackendAppCheckPresentation(endpoint: operation.name, token: token, valid: valid))
        return privileged || valid || !service.appCheck.isEnforced
    }
}
