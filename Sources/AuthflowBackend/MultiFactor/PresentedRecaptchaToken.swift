extension BackendState {
    /// Marks a `recaptchaToken` the stand-in reCAPTCHA page issued as presented, so tests can check a client
    /// forwarded it. The token itself is never required: the emulator ignores app-verification fields, in
    /// `sendVerificationCode` and in the MFA `phoneEnrollmentInfo` / `phoneSignInInfo` alike.
    mutating func notePresented(recaptchaToken token: String?) {
        guard let token, let index = recaptchaTokens.firstIndex(where: { $0.token == token }) else { return }
        recaptchaTokens[index].presented = true
    }
}
