import AuthflowPrimitives

/// `accounts:signInWithPassword`. Wrong credentials give `EMAIL_NOT_FOUND` / `INVALID_PASSWORD`, or the
/// single `INVALID_LOGIN_CREDENTIALS` when email-enumeration protection is on (the emulator's
/// `emailPrivacyConfig.enableImprovedEmailPrivacy`, off by default).
enum SignInWithPassword {
    static func run(_ state: inout BackendState, _ context: inout OperationContext) throws(APIError) -> JSONObject {
        let body = context.body
        try ensure(state.allowsPasswordSignup, "PASSWORD_LOGIN_DISABLED")
        guard let givenEmail = try body.string("email") else { throw .badRequest("MISSING_EMAIL") }
        try ensure(Validation.isEmail(givenEmail), "INVALID_EMAIL")
        guard let password = try body.nonEmptyString("password") else { throw .badRequest("MISSING_PASSWORD") }
        if state.recaptchaEnforcement != nil {
            try RecaptchaCheck.signInWithPassword.run(body, &state)
        } else {
            RecaptchaCheck.signInWithPassword.record(body, &state)
            let captcha = [try body.nonEmptyString("captchaResponse"), try body.nonEmptyString("captchaChallenge")]
            if captcha.contains(where: { $0 != nil }) { throw .notImplemented("captcha unimplemented") }
        }
        let legacyTokens = [try body.nonEmptyString("idToken"), try body.nonEmptyString("pendingIdToken")]
        if legacyTokens.contains(where: { $0 != nil }) {
            throw .notImplemented("idToken / pendingIdToken is no longer in use and unsupported by the Auth Emulator.")
        }
        let email = Validation.canonicalEmail(givenEmail)
        let found = state.account(email: email)
        let matches = { (account: Account) in
            account.passwordHash != nil
                && account.salt.map { PasswordHash.hash(password, salt: $0) } == account.passwordHash
        }
        let account: Account
        if state.emailEnumerationProtection {
            guard let found else { throw .badRequest("INVALID_LOGIN_CREDENTIALS") }
            try ensure(!found.disabled, "USER_DISABLED")
            try ensure(matches(found), "INVALID_LOGIN_CREDENTIALS")
            account = found
        } else {
            guard let found else { throw .badRequest("EMAIL_NOT_FOUND") }
            try ensure(!found.disabled, "USER_DISABLED")
            try ensure(matches(found), "INVALID_PASSWORD")
            account = found
        }

        var reply = JSONObject()
        reply["kind"] = "identitytoolkit#VerifyPasswordResponse"
        reply["registered"] = true
        reply["localId"] = .string(account.localId)
        reply["email"] = .string(email)
        if state.requiresSecondFactor(account) {
            reply.merge(
                PendingCredential.response(
                    for: account, signInProvider: ProviderID.password, projectID: state.projectID,
                    tenantID: state.tenantID))
        } else {
            let now = context.now
            let updates = try context.beforeSignIn(
                account, in: state, signIn: BlockingFunctionSignIn(method: ProviderID.password))
            let signedIn = state.updateAccount(account.localId) {
                updates.apply(to: &$0)
                $0.lastLoginAt = now.millisecondsSince1970
            }
            try ensure(signedIn?.disabled != true, "USER_DISABLED")
            reply.merge(
                IDToken.issue(
                    for: account.localId, provider: ProviderID.password, extraClaims: updates.sessionClaims,
                    state: &state, now: now))
        }
        return reply
    }
}
