import AuthflowPrimitives
import Foundation

/// `accounts:resetPassword`: with only `oobCode`, tells what a code is for; with `newPassword`, applies a
/// `PASSWORD_RESET` code (which also verifies the email and unlinks every other provider, as in the
/// emulator).
enum ResetPassword {
    static func run(_ state: inout BackendState, _ context: inout OperationContext) throws(APIError) -> JSONObject {
        let body = context.body
        try ensure(state.allowsPasswordSignup, "PASSWORD_LOGIN_DISABLED")
        guard let oobCode = try body.nonEmptyString("oobCode") else { throw .badRequest("MISSING_OOB_CODE") }
        guard let record = state.oobCode(oobCode) else { throw .badRequest("INVALID_OOB_CODE") }
        if let newPassword = try body.nonEmptyString("newPassword") {
            try apply(record, newPassword: newPassword, state: &state, now: context.now)
        }
        var reply = JSONObject()
        reply["kind"] = "identitytoolkit#ResetPasswordResponse"
        reply["requestType"] = .string(record.requestType)
        // An email sign-in code never reveals its address: the user must type it.
        if record.requestType != "EMAIL_SIGNIN" { reply["email"] = .string(record.email) }
        reply.set("newEmail", record.newEmail)
        return reply
    }

    /// Shared with the `/emulator/action?mode=resetPassword` page.
    static func apply(_ record: OobRecord, newPassword: String, state: inout BackendState, now: Date) throws(APIError) {
        try ensure(record.requestType == "PASSWORD_RESET", "INVALID_OOB_CODE")
        try Validation.checkPassword(newPassword)
        state.deleteOobCode(record.oobCode)
        guard let account = state.account(email: record.email) else { throw .badRequest("INVALID_OOB_CODE") }
        let (hash, salt) = PasswordHash.make(newPassword)
        state.updateAccount(account.localId, deleting: account.providers.map(\.providerId)) { account in
            account.emailVerified = true
            account.passwordHash = hash
            account.salt = salt
            account.passwordUpdatedAt = now.millisecondsSince1970
            account.validSince = now.secondsSince1970
        }
    }
}
