import AuthflowListener
import AuthflowPrimitives
import Foundation

/// A stand-in of App Check's exchange methods under ``EmbeddedBackend/appCheckURL``,
/// `/app-check/v1/projects/<id>/apps/<appId>:<method>`, which a client reaches only when told that base
/// (`--app-check-url`): the Auth Emulator has no App Check, so nothing is served at
/// `/content-firebaseappcheck.googleapis.com/…`. A registered debug token, or a reCAPTCHA Enterprise token the
/// stand-in script issued for a registered site key, becomes an App Check token this backend accepts in
/// `X-Firebase-AppCheck`. Replies `{"token": …, "ttl": "<seconds>s"}`.
enum AppCheckExchange {
    /// The stand-in's base path, in place of `https://content-firebaseappcheck.googleapis.com`.
    static let basePath = "/app-check"
    static let pathPrefix = basePath + "/v1/projects/"
    static let debugMethod = "exchangeDebugToken"
    static let recaptchaEnterpriseMethod = "exchangeRecaptchaEnterpriseToken"

    /// `(projectID, appID, method)` from a path under ``pathPrefix``; nil when it is not an app's method.
    static func parse(_ path: String) -> (projectID: String, appID: String, method: String)? {
        guard path.hasPrefix(pathPrefix) else { return nil }
        let rest = path.dropFirst(pathPrefix.count)
        let parts = rest.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, parts[1] == "apps", let colon = parts[2].lastIndex(of: ":") else {
            return nil
        }
        let appID = String(parts[2][..<colon])
        let method = String(parts[2][parts[2].index(after: colon)...])
        guard !appID.isEmpty, method == debugMethod || method == recaptchaEnterpriseMethod else { return nil }
        return (String(parts[0]), appID, method)
    }

    static func handle(
        projectID: String, appID: String, method: String, _ request: LoopbackRequest, service: BackendService
    ) -> LoopbackResponse {
        let query = QueryParameters(form: request.query ?? "")
        guard query.nonEmpty("key") != nil else { return JSONReply.error(.missingAPIKey) }
        let registry = service.appCheck
        func answer(accepted: Bool) -> LoopbackResponse {
            registry.record(
                BackendAppCheckExchange(
                    method: method, projectID: projectID, appID: appID, accepted: accepted))
            guard accepted else { return JSONReply.error(.appAttestationFailed) }
            let minted = registry.mint(now: Date())
            return JSONReply.ok(["token": .string(minted.token), "ttl": .string("\(minted.seconds)s")])
        }
        let body: RequestFields
        do throws(APIError) {
            body = try RequestFields.parse(json: request.body)
        } catch {
            return JSONReply.error(error)
        }
        guard projectID == service.configuration.projectID else { return answer(accepted: false) }
        do throws(APIError) {
            if method == debugMethod {
                guard let token = try body.nonEmptyString("debugToken") else {
                    return JSONReply.error(.invalidArgument("debug_token is required."))
                }
                return answer(accepted: registry.isRegistered(debugToken: token))
            }
            guard let token = try body.nonEmptyString("recaptchaEnterpriseToken") else {
                return JSONReply.error(.invalidArgument("recaptcha_enterprise_token is required."))
            }
            return answer(accepted: registry.redeem(recaptchaToken: token))
        } catch {
            return JSONReply.error(error)
        }
    }
}

extension APIError {
    /// What production answers an Identity Toolkit or secure-token call without a valid `X-Firebase-AppCheck`
    /// when App Check is enforced for Authentication.
    static let appCheckTokenInvalid = APIError(
        code: 401, status: "UNAUTHENTICATED", message: "Firebase App Check token is invalid.", errors: [])

    /// App Check's refusal of an attestation it cannot accept (an unregistered debug token, a bad reCAPTCHA
    /// token).
    static let appAttestationFailed = APIError(
        code: 403, status: "PERMISSION_DENIED", message: "App attestation failed.", errors: [])
}
