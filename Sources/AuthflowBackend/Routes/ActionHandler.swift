import AuthflowListener
import AuthflowPrimitives
import Foundation

/// `GET /emulator/action`: what opening an emailed link does in the emulator. `mode=signIn` only
/// redirects (303) to `continueUrl` with the link's other parameters added, leaving the code for the app
/// to use; the other modes apply the code, then redirect to `continueUrl` or answer a JSON note.
enum ActionHandler {
    static func handle(_ request: LoopbackRequest, service: BackendService) -> LoopbackResponse {
        let query = QueryParameters(form: request.query ?? "")
        guard query.nonEmpty("apiKey") != nil else {
            return JSONReply.authEmulator(
                [
                    ("error", "missing apiKey query parameter"),
                    ("instructions", "Please modify the URL to specify an apiKey, such as ...&apiKey=YOUR_API_KEY"),
                ], status: 400)
        }
        guard let oobCode = query.nonEmpty("oobCode") else {
            return JSONReply.authEmulator(
                [
                    ("error", "missing oobCode query parameter"),
                    ("instructions", "Please modify the URL to specify an oobCode, such as ...&oobCode=YOUR_OOB_CODE"),
                ], status: 400)
        }
        let continueUrl = query.nonEmpty("continueUrl")
        // Links made in a tenant carry its ID (the emulator's `tenantId` parameter).
        let state = service.state(
            StateScope(projectID: service.configuration.projectID, tenantID: query.nonEmpty("tenantId")))
        switch query["mode"] {
        case "signIn": return signIn(query, continueUrl: continueUrl)
        case "resetPassword": return resetPassword(oobCode, query: query, continueUrl: continueUrl, state: state)
        case "verifyEmail":
            return applyCode(
                oobCode, continueUrl: continueUrl, service: service, state: state,
                success: "The email has been successfully verified.",
                successField: ("email", { $0["email"] }),
                failure: (
                    "Your request to verify your email has expired or the link has already been used.",
                    "Try verifying your email again."
                )
            )
        case "verifyAndChangeEmail":
            return applyCode(
                oobCode, continueUrl: continueUrl, service: service, state: state,
                success: "The email has been successfully changed.",
                successField: ("newEmail", { $0["newEmail"] }),
                failure: (
                    "Your request to change your email has expired or the link has already been used.",
                    "Try changing your email again."
                )
            )
        case "recoverEmail": return recoverEmail(oobCode, service: service, state: state)
        default: return JSONReply.authEmulator([("error", "Invalid mode")], status: 400)
        }
    }

    private static func signIn(_ query: QueryParameters, continueUrl: String?) -> LoopbackResponse {
        guard let continueUrl else {
            return JSONReply.authEmulator(
                [
                    ("error", "Missing continueUrl query parameter"),
                    ("instructions", "To sign in, append &continueUrl=YOUR_APP_URL to the link."),
                ], status: 400)
        }
        // The emulator's `new URL(continueUrl)` would throw here; an error note is kinder than its 500.
        guard var target = AbsoluteURL(continueUrl) else {
            return JSONReply.authEmulator([("error", "continueUrl is not an absolute URL")], status: 400)
        }
        var parameters = target.queryParameters
        for name in query.names where name != "continueUrl" {
            // Express turns a repeated name into an array, which the emulator skips.
            guard query.names.filter({ $0 == name }).count == 1, let value = query[name] else { continue }
            parameters.set(name, value)
        }
        target.setQuery(parameters)
        return JSONReply.seeOther(target.string)
    }

    private enum ResetOutcome {
        case codeUnusable
        case missingPassword(email: String, template: String)
        case placeholderPassword(email: String, template: String)
        case failed(APIError)
        case done(email: String)
    }

    private static func resetPassword(
        _ code: String, query: QueryParameters, continueUrl: String?, state: ScopedStateLock
    ) -> LoopbackResponse {
        let outcome: ResetOutcome = state.withLock { state in
            guard let record = state.oobCode(code), record.requestType == "PASSWORD_RESET" else { return .codeUnusable }
            let template = "\(record.oobLink)&newPassword=NEW_PASSWORD_HERE"
            guard let newPassword = query.nonEmpty("newPassword") else {
                return .missingPassword(email: record.email, template: template)
            }
            guard newPassword != "NEW_PASSWORD_HERE" else {
                return .placeholderPassword(email: record.email, template: template)
            }
            do throws(APIError) {
                try ResetPassword.apply(record, newPassword: newPassword, state: &state, now: Date())
                return .done(email: record.email)
            } catch {
                return .failed(error)
            }
        }
        switch outcome {
        case .codeUnusable:
            return JSONReply.authEmulator(
                [
                    ("error", "Your request to reset your password has expired or the link has already been used."),
                    ("instructions", "Try resetting your password again."),
                ], status: 400)
        case .missingPassword(let email, let template):
            return JSONReply.authEmulator(
                [
                    ("error", "missing newPassword query parameter"),
                    (
                        "instructions",
                        "To reset the password for \(email), send an HTTP GET request to the following URL."
                    ),
                    ("instructions2", "You may use a web browser or any HTTP client, such as curl."),
                    ("urlTemplate", template),
                ], status: 400)
        case .placeholderPassword(_, let template):
            return JSONReply.authEmulator(
                [
                    ("error", "newPassword must be something other than 'NEW_PASSWORD_HERE'"),
                    ("instructions", "The string 'NEW_PASSWORD_HERE' is just a placeholder."),
                    ("instructions2", "Please change the URL to specify a new password instead."),
                    ("urlTemplate", template),
                ], status: 400)
        case .failed(let error):
            return JSONReply.error(error)
        case .done(let email):
            if let continueUrl { return JSONReply.seeOther(continueUrl) }
            return JSONReply.authEmulator(
                [("success", "The password has been successfully updated."), ("email", email)], status: 200)
        }
    }

    /// `verifyEmail` and `verifyAndChangeEmail`: `accounts:update` with just the code.
    private static func applyCode(
        _ code: String, continueUrl: String?, service: BackendService, state: ScopedStateLock, success: String,
        successField: (String, (JSONObject) -> JSONValue?), failure: (String, String)
    ) -> LoopbackResponse {
        switch run(UpdateAccount.run, code: code, service: service, state: state) {
        case .failure(let error) where error.code == 501 || error.message == "INVALID_OOB_CODE":
            return JSONReply.authEmulator([("error", failure.0), ("instructions", failure.1)], status: 400)
        case .failure(let error):
            return JSONReply.error(error)
        case .success(let reply):
            if let continueUrl { return JSONReply.seeOther(continueUrl) }
            var note = JSONObject([("success", .string(success))])
            note.set(successField.0, successField.1(reply))
            return JSONReply.ok(["authEmulator": .object(note)])
        }
    }

    private static func recoverEmail(
        _ code: String, service: BackendService, state: ScopedStateLock
    ) -> LoopbackResponse {
        let retry =
            "If you're trying to test the reverting email flow, try changing the email again to generate a new link."
        let matches = state.withLock { $0.oobCode(code)?.requestType == "RECOVER_EMAIL" }
        guard matches else {
            return JSONReply.authEmulator(
                [("error", "Requested mode does not match the OOB code provided."), ("instructions", retry)],
                status: 400)
        }
        switch run(UpdateAccount.run, code: code, service: service, state: state) {
        case .failure(let error) where error.code == 501 || error.message == "INVALID_OOB_CODE":
            return JSONReply.authEmulator(
                [
                    ("error", "Your request to revert your email has expired or the link has already been used."),
                    ("instructions", retry),
                ], status: 400)
        case .failure(let error):
            return JSONReply.error(error)
        case .success(let reply):
            var note = JSONObject([("success", "The email has been successfully reset.")])
            note.set("email", reply["email"])
            return JSONReply.ok(["authEmulator": .object(note)])
        }
    }

    private static func run(
        _ operation: Operation, code: String, service: BackendService, state: ScopedStateLock
    ) -> Result<JSONObject, APIError> {
        var context = OperationContext(
            body: RequestFields(JSONObject([("oobCode", .string(code))])), privileged: false, origin: service.origin,
            now: Date()
        )
        let result: Result<JSONObject, APIError> = state.withLock { state in
            do throws(APIError) {
                return .success(try operation(&state, &context))
            } catch {
                return .failure(error)
            }
        }
        service.emit(context.logs)
        return result
    }
}
