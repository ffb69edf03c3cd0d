import AuthflowPrimitives

/// v2 `accounts/mfaSignIn:start|finalize`: the second step of signing in an account with an SMS factor,
/// from the `mfaPendingCredential` the first step returned. `phoneSignInInfo` is optional, as in the
/// emulator (iOS's masked number in it is ignored; a stand-in page's token in it is noted as presented).
enum MFASignInOperations {
    static func start(_ state: inout BackendState, _ context: inout OperationContext) throws(APIError) -> JSONObject {
        let body = context.body
        try ensure(state.allowsSMSSecondFactor, "OPERATION_NOT_ALLOWED : SMS based MFA not enabled.")
        guard let pending = try body.nonEmptyString("mfaPendingCredential") else {
            throw .badRequest("MISSING_MFA_PENDING_CREDENTIAL : Request does not have MFA pending credential.")
        }
        guard let enrollmentId = try body.nonEmptyString("mfaEnrollmentId") else {
            throw .badRequest("MISSING_MFA_ENROLLMENT_ID : No second factor identifier is provided.")
        }
        let (account, _) = try PendingCredential.decode(pending, state: state)
        guard let enrollment = account.mfaEnrollments?.first(where: { $0.mfaEnrollmentId == enrollmentId }) else {
            throw .badRequest("MFA_ENROLLMENT_NOT_FOUND")
        }
        // A TOTP factor has no start call: its code comes from the authenticator app.
        guard let phoneNumber = enrollment.phoneNumber else { throw .badRequest("MFA_ENROLLMENT_NOT_FOUND") }
        let info = try body.nested("phoneSignInInfo")
        if let info { RecaptchaCheck.mfaSmsSignIn.record(info, &state) }
        state.notePresented(recaptchaToken: try info?.nonEmptyString("recaptchaToken"))
        let verification = state.createVerificationCode(phoneNumber: phoneNumber, now: context.now)
        context.log("To sign in with MFA using \(phoneNumber), use the code \(verification.code).")
        return JSONObject([("phoneResponseInfo", ["sessionInfo": .string(verification.sessionInfo)])])
    }

    static func finalize(_ state: inout BackendState, _ context: inout OperationContext) throws(APIError) -> JSONObject
    {
        let body = context.body
        if body.has("totpVerificationInfo") { return try TOTPOperations.finalizeSignIn(&state, &context) }
        try ensure(state.allowsSMSSecondFactor, "OPERATION_NOT_ALLOWED : SMS based MFA not enabled.")
        let now = context.now
        // MISSING_CREDENTIAL here but MISSING_MFA_PENDING_CREDENTIAL in start: the emulator matches production.
        guard let pending = try body.nonEmptyString("mfaPendingCredential") else {
            throw .badRequest("MISSING_CREDENTIAL : Please set MFA Pending Credential.")
        }
        let (code, sessionInfo) = try MFAVerification.codeAndSession(
            body, missing: "INVALID_ARGUMENT : MFA provider not supported!")
        let phoneNumber = try state.verifyPhoneNumber(sessionInfo: sessionInfo, code: code, now: now)
        let (account, signInProvider) = try PendingCredential.decode(pending, state: state)
        let enrollment = account.mfaEnrollments?.first { $0.phoneNumber == phoneNumber }
        var signIn = BlockingFunctionSignIn(method: signInProvider)
        signIn.secondFactor = ProviderID.phone
        let updates = try context.beforeSignIn(account, in: state, signIn: signIn)
        let signedIn = state.updateAccount(account.localId) {
            updates.apply(to: &$0)
            $0.lastLoginAt = now.millisecondsSince1970
        }
        guard let enrollment else { throw .badRequest("MFA_ENROLLMENT_NOT_FOUND") }
        try ensure(!(signedIn ?? account).disabled, "USER_DISABLED")
        return SecondFactorTokens.reply(
            for: account.localId, firstFactor: signInProvider, enrollmentId: enrollment.mfaEnrollmentId,
            factor: ProviderID.phone, extraClaims: updates.sessionClaims, state: &state, now: now)
    }
}
