import AuthflowPrimitives

/// `accounts:sendVerificationCode`: records a random 6-digit code for the number and logs it instead of
/// sending an SMS. `recaptchaToken`, `iosReceipt`, `iosSecret` and the Enterprise fields are ignored, as in
/// the emulator; a `recaptchaToken` the stand-in reCAPTCHA page issued is marked as presented so tests can
/// check the client forwarded it.
enum SendVerificationCode {
    static func run(_ state: inout BackendState, _ context: inout OperationContext) throws(APIError) -> JSONObject {
        try state.ensureNotTenant()
        let body = context.body
        let phoneNumber = try body.nonEmptyString("phoneNumber")
        guard let phoneNumber, Validation.isPhoneNumber(phoneNumber) else {
            throw .badRequest("INVALID_PHONE_NUMBER : Invalid format.")
        }
        try ensure(
            state.account(phoneNumber: phoneNumber)?.requiresSecondFactor != true,
            "UNSUPPORTED_FIRST_FACTOR : A phone number cannot be set as a first factor on an SMS based MFA user."
        )
        try RecaptchaCheck.sendVerificationCode.run(body, &state)
        state.notePresented(recaptchaToken: try body.nonEmptyString("recaptchaToken"))
        let verification = state.createVerificationCode(phoneNumber: phoneNumber, now: context.now)
        context.log("To verify the phone number \(phoneNumber), use the code \(verification.code).")
        return JSONObject([("sessionInfo", .string(verification.sessionInfo))])
    }
}
