import AuthflowPrimitives

/// v2 `accounts/mfaEnrollment:start|finalize|withdraw`: SMS second factors. Enrolling needs a verified
/// email and a first factor other than anonymous, phone, custom or Game Center. Verification fields
/// (reCAPTCHA, iOS receipts) are ignored, as in the emulator; a stand-in page's token is noted as presented.
enum MFAEnrollmentOperations {
    static func start(_ state: inout BackendState, _ context: inout OperationContext) throws(APIError) -> JSONObject {
        let body = context.body
        if body.has("totpEnrollmentInfo") { return try TOTPOperations.startEnrollment(&state, &context) }
        try ensure(state.allowsSMSSecondFactor, "OPERATION_NOT_ALLOWED : SMS based MFA not enabled.")
        guard let idToken = try body.nonEmptyString("idToken") else { throw .badRequest("MISSING_ID_TOKEN") }
        let (account, signInProvider) = try IDToken.verify(idToken, state: state)
        try checkFirstFactor(signInProvider)
        try ensure(
            account.emailVerified == true,
            "UNVERIFIED_EMAIL : Need to verify email first before enrolling second factors.")
        guard let info = try body.nested("phoneEnrollmentInfo") else {
            throw .badRequest("INVALID_ARGUMENT : ((Missing phoneEnrollmentInfo.))")
        }
        let phoneNumber = try info.nonEmptyString("phoneNumber")
        guard let phoneNumber, Validation.isPhoneNumber(phoneNumber) else {
            throw .badRequest("INVALID_PHONE_NUMBER : Invalid format.")
        }
        try checkNotEnrolled(phoneNumber, account: account)
        state.notePresented(recaptchaToken: try info.nonEmptyString("recaptchaToken"))
        let verification = state.createVerificationCode(phoneNumber: phoneNumber, now: context.now)
        context.log("To enroll MFA with \(phoneNumber), use the code \(verification.code).")
        return JSONObject([("phoneSessionInfo", ["sessionInfo": .string(verification.sessionInfo)])])
    }

    static func finalize(_ state: inout BackendState, _ context: inout OperationContext) throws(APIError) -> JSONObject
    {
        let body = context.body
        if body.has("totpVerificationInfo") { return try TOTPOperations.finalizeEnrollment(&state, &context) }
        try ensure(state.allowsSMSSecondFactor, "OPERATION_NOT_ALLOWED : SMS based MFA not enabled.")
        guard let idToken = try body.nonEmptyString("idToken") else { throw .badRequest("MISSING_ID_TOKEN") }
        let (account, signInProvider) = try IDToken.verify(idToken, state: state)
        try checkFirstFactor(signInProvider)
        let (code, sessionInfo) = try MFAVerification.codeAndSession(body)
        let phoneNumber = try state.verifyPhoneNumber(sessionInfo: sessionInfo, code: code, now: context.now)
        try checkNotEnrolled(phoneNumber, account: account)

        var existingIds = Set((account.mfaEnrollments ?? []).map(\.mfaEnrollmentId))
        var enrollmentId = RandomText.alphanumeric(28)
        while existingIds.contains(enrollmentId) { enrollmentId = RandomText.alphanumeric(28) }
        existingIds.insert(enrollmentId)
        let enrollment = MFAEnrollmentRecord(
            mfaEnrollmentId: enrollmentId, displayName: try body.string("displayName"),
            enrolledAt: RFC3339.string(context.now), phoneNumber: phoneNumber, totp: nil
        )
        state.updateAccount(account.localId) { $0.mfaEnrollments = ($0.mfaEnrollments ?? []) + [enrollment] }
        return SecondFactorTokens.reply(
            for: account.localId, firstFactor: signInProvider, enrollmentId: enrollmentId, factor: ProviderID.phone,
            state: &state, now: context.now)
    }

    static func withdraw(_ state: inout BackendState, _ context: inout OperationContext) throws(APIError) -> JSONObject
    {
        let body = context.body
        guard let idToken = try body.nonEmptyString("idToken") else { throw .badRequest("MISSING_ID_TOKEN") }
        let (account, signInProvider) = try IDToken.verify(idToken, state: state)
        guard let enrollments = account.mfaEnrollments else { throw .badRequest("MFA_ENROLLMENT_NOT_FOUND") }
        let enrollmentId = try body.string("mfaEnrollmentId")
        let remaining = enrollments.filter { $0.mfaEnrollmentId != enrollmentId }
        try ensure(remaining.count < enrollments.count, "MFA_ENROLLMENT_NOT_FOUND")
        state.updateAccount(account.localId) { $0.mfaEnrollments = remaining }
        return IDToken.issue(for: account.localId, provider: signInProvider, state: &state, now: context.now)
    }

    private static func checkFirstFactor(_ signInProvider: String) throws(APIError) {
        try ensure(
            !ProviderID.mfaIneligible.contains(signInProvider),
            "UNSUPPORTED_FIRST_FACTOR : MFA is not available for the given first factor."
        )
    }

    private static func checkNotEnrolled(_ phoneNumber: String, account: Account) throws(APIError) {
        try ensure(
            !(account.mfaEnrollments ?? []).contains { $0.phoneNumber == phoneNumber },
            "SECOND_FACTOR_EXISTS : Phone number already enrolled as second factor for this account."
        )
    }
}
