import AuthflowPrimitives

/// `accounts:signInWithEmailLink` (legacy `emailLinkSignin`): signs in or up with an `EMAIL_SIGNIN` code;
/// with `idToken`, links the email to that account. The code is single use.
enum SignInWithEmailLink {
    static func run(_ state: inout BackendState, _ context: inout OperationContext) throws(APIError) -> JSONObject {
        let body = context.body
        let now = context.now
        try ensure(state.allowsEmailLinkSignIn, "OPERATION_NOT_ALLOWED")
        var fromToken: Account?
        if let idToken = try body.nonEmptyString("idToken") {
            fromToken = try IDToken.verify(idToken, state: state).account
        }
        guard let givenEmail = try body.nonEmptyString("email") else { throw .badRequest("MISSING_EMAIL") }
        let email = Validation.canonicalEmail(givenEmail)
        guard let oobCode = try body.nonEmptyString("oobCode") else { throw .badRequest("MISSING_OOB_CODE") }
        guard let record = state.oobCode(oobCode), record.requestType == "EMAIL_SIGNIN" else {
            throw .badRequest("INVALID_OOB_CODE")
        }
        try ensure(
            email == record.email, "INVALID_EMAIL : The email provided does not match the sign-in email address.")
        state.deleteOobCode(oobCode)

        let fromEmail = state.account(email: email)
        let existing = fromToken ?? fromEmail
        let apply = { (account: inout Account) in
            account.email = email
            account.emailVerified = true
            account.emailLinkSignin = true
        }
        var account: Account
        let sessionClaims: JSONObject?
        let signIn = BlockingFunctionSignIn(method: ProviderID.emailLinkMethod)
        if let existing {
            try ensure(!existing.disabled, "USER_DISABLED")
            if let fromToken, let fromEmail { try ensure(fromToken.localId == fromEmail.localId, "EMAIL_EXISTS") }
            (account, sessionClaims) = try context.signIn(
                existing: existing, in: &state, signIn: signIn,
                callingBeforeSignIn: !existing.requiresSecondFactor, apply)
        } else {
            (account, sessionClaims) = try context.createAccount(in: &state, signIn: signIn, apply)
        }

        var reply = JSONObject()
        reply["kind"] = "identitytoolkit#EmailLinkSigninResponse"
        reply["email"] = .string(email)
        reply["localId"] = .string(account.localId)
        reply["isNewUser"] = .bool(existing == nil)
        if state.requiresSecondFactor(account) {
            reply.merge(
                PendingCredential.response(
                    for: account, signInProvider: ProviderID.password, projectID: state.projectID,
                    tenantID: state.tenantID))
        } else {
            account = state.updateAccount(account.localId) { $0.lastLoginAt = now.millisecondsSince1970 } ?? account
            try ensure(!account.disabled, "USER_DISABLED")
            reply.merge(
                IDToken.issue(
                    for: account.localId, provider: ProviderID.password, extraClaims: sessionClaims, state: &state,
                    now: now))
        }
        return reply
    }
}
