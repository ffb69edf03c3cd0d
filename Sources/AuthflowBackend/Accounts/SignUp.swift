import AuthflowPrimitives

/// `accounts:signUp`: an email/password account, an anonymous one (empty body), or, for an admin,
/// an account with chosen fields. With `idToken`, adds email/password to that account.
enum SignUp {
    static func run(_ state: inout BackendState, _ context: inout OperationContext) throws(APIError) -> JSONObject {
        let body = context.body
        let now = context.now
        var provider: String?
        var profile = ProfileChanges()

        if context.privileged {
            if body.has("idToken") {
                try ensure(try body.nonEmptyString("localId") == nil, "UNEXPECTED_PARAMETER : User ID")
            }
            if let localId = try body.nonEmptyString("localId") {
                try ensure(state.account(localId: localId) == nil, "DUPLICATE_LOCAL_ID")
            }
            profile.displayName = .some(try body.string("displayName"))
            profile.photoUrl = .some(try body.string("photoUrl"))
            profile.emailVerified = try body.flag("emailVerified")
            if let phoneNumber = try body.nonEmptyString("phoneNumber") {
                try ensure(Validation.isPhoneNumber(phoneNumber), "INVALID_PHONE_NUMBER : Invalid format.")
                try ensure(state.account(phoneNumber: phoneNumber) == nil, "PHONE_NUMBER_EXISTS")
                profile.phoneNumber = phoneNumber
            }
            profile.disabled = try body.flag("disabled")
        } else {
            try ensure(try body.nonEmptyString("localId") == nil, "UNEXPECTED_PARAMETER : User ID")
            if body.has("password") { try RecaptchaCheck.signUp.run(body, &state) }
            let idToken = try body.nonEmptyString("idToken")
            let password = try body.nonEmptyString("password")
            let email = try body.nonEmptyString("email")
            if idToken != nil || password != nil || email != nil {
                profile.displayName = .some(try body.string("displayName"))
                profile.emailVerified = false
                try ensure(email != nil, "MISSING_EMAIL")
                try ensure(password != nil, "MISSING_PASSWORD")
                provider = ProviderID.password
                try ensure(state.allowsPasswordSignup, "OPERATION_NOT_ALLOWED")
            } else {
                provider = ProviderID.anonymous
                try ensure(state.allowsAnonymousUsers, "ADMIN_ONLY_OPERATION")
            }
        }

        var email: String?
        if let given = try body.string("email"), !given.isEmpty || provider != nil {
            try ensure(Validation.isEmail(given), "INVALID_EMAIL")
            let canonical = Validation.canonicalEmail(given)
            try ensure(state.account(email: canonical) == nil, "EMAIL_EXISTS")
            email = canonical
        }
        var password: (hash: String, salt: String)?
        if let given = try body.nonEmptyString("password") {
            try Validation.checkPassword(given)
            password = PasswordHash.make(given)
        }
        var mfaEnrollments: [MFAEnrollmentRecord]?
        if let entries = try body.objectArray("mfaInfo") {
            mfaEnrollments = try MFAEnrollmentImport.enrollments(entries, generateIds: true, now: now)
        }

        var existing: Account?
        if let idToken = try body.nonEmptyString("idToken") {
            existing = try IDToken.verify(idToken, state: state).account
        }

        let apply = { (account: inout Account) in
            account.lastLoginAt = now.millisecondsSince1970
            profile.apply(to: &account)
            if let email { account.email = email }
            if let mfaEnrollments { account.mfaEnrollments = mfaEnrollments }
            if let password {
                account.passwordHash = password.hash
                account.salt = password.salt
                account.passwordUpdatedAt = now.millisecondsSince1970
                account.validSince = now.secondsSince1970
            }
        }
        let account: Account
        var sessionClaims: JSONObject?
        if let existing, let updated = state.updateAccount(existing.localId, apply) {
            account = updated
        } else if try body.nonEmptyString("email") != nil, !context.privileged {
            (account, sessionClaims) = try context.createAccount(
                in: &state, signIn: BlockingFunctionSignIn(method: ProviderID.password), apply)
        } else {
            account = state.createAccount(localId: try body.nonEmptyString("localId"), now: now, apply)
        }

        var reply = JSONObject()
        reply["kind"] = "identitytoolkit#SignupNewUserResponse"
        reply["localId"] = .string(account.localId)
        reply.set("displayName", account.displayName)
        reply.set("email", account.email)
        if let provider {
            reply.merge(
                IDToken.issue(
                    for: account.localId, provider: provider, extraClaims: sessionClaims, state: &state, now: now))
        }
        return reply
    }
}
