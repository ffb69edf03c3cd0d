import AuthflowPrimitives
import Foundation

/// TOTP second factors (not in the emulator, which offers only SMS): `mfaEnrollment:start` with
/// `totpEnrollmentInfo`, `mfaEnrollment:finalize` and `mfaSignIn:finalize` with `totpVerificationInfo`.
/// RFC 6238 with HMAC-SHA-1, 6 digits, 30-second steps; one step either side is accepted, and a step once
/// used (or older) is refused, so each code works once. Whether the project offers TOTP is a switch
/// (``EmbeddedBackend/Configuration/totpEnabled``, ``EmbeddedBackend/setTOTPEnabled(_:)``).
enum TOTPOperations {
    static let digits = 6
    static let period = 30
    /// How long a handed-out secret may be finalized (`finalizeEnrollmentTime`).
    static let enrollmentWindow: TimeInterval = 10 * 60

    static func startEnrollment(
        _ state: inout BackendState, _ context: inout OperationContext
    ) throws(APIError) -> JSONObject {
        guard let idToken = try context.body.nonEmptyString("idToken") else { throw .badRequest("MISSING_ID_TOKEN") }
        let (account, signInProvider) = try IDToken.verify(idToken, state: state)
        try ensure(
            !ProviderID.mfaIneligible.contains(signInProvider),
            "UNSUPPORTED_FIRST_FACTOR : MFA is not available for the given first factor."
        )
        try ensure(state.totpEnabled, "OPERATION_NOT_ALLOWED : TOTP MFA is not enabled for this project.")
        try ensure(
            account.emailVerified == true,
            "UNVERIFIED_EMAIL : Need to verify email first before enrolling second factors."
        )
        var generator = SystemRandomNumberGenerator()
        let secret = (0..<20).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let session = TOTPEnrollmentSession(
            sessionInfo: RandomText.base64URL(120), localId: account.localId, secret: secret,
            finalizeBy: context.now.addingTimeInterval(enrollmentWindow))
        state.totpEnrollments.removeAll { $0.finalizeBy <= context.now }
        state.totpEnrollments.append(session)
        var info = JSONObject()
        info.set("sharedSecretKey", Base32.encode(secret))
        info.set("verificationCodeLength", JSONValue.number(Double(digits)))
        info.set("hashingAlgorithm", "SHA1")
        info.set("periodSec", JSONValue.number(Double(period)))
        info.set("sessionInfo", session.sessionInfo)
        info.set("finalizeEnrollmentTime", RFC3339.string(session.finalizeBy))
        return JSONObject([("totpSessionInfo", .object(info))])
    }

    static func finalizeEnrollment(
        _ state: inout BackendState, _ context: inout OperationContext
    ) throws(APIError) -> JSONObject {
        let body = context.body
        guard let idToken = try body.nonEmptyString("idToken") else { throw .badRequest("MISSING_ID_TOKEN") }
        let (account, signInProvider) = try IDToken.verify(idToken, state: state)
        try ensure(state.totpEnabled, "OPERATION_NOT_ALLOWED : TOTP MFA is not enabled for this project.")
        guard let info = try body.nested("totpVerificationInfo") else {
            throw .badRequest("INVALID_ARGUMENT : ((Missing totpVerificationInfo.))")
        }
        guard let sessionInfo = try info.nonEmptyString("sessionInfo") else {
            throw .badRequest("MISSING_SESSION_INFO")
        }
        guard let code = try info.nonEmptyString("verificationCode") else { throw .badRequest("MISSING_CODE") }
        guard
            let index = state.totpEnrollments.firstIndex(where: {
                $0.sessionInfo == sessionInfo && $0.localId == account.localId
            })
        else { throw .badRequest("INVALID_SESSION_INFO") }
        let session = state.totpEnrollments[index]
        guard context.now < session.finalizeBy else {
            state.totpEnrollments.remove(at: index)
            throw .badRequest("SESSION_EXPIRED : The TOTP enrollment session has expired; start again.")
        }
        guard let step = matchingStep(code, secret: session.secret, after: nil, now: context.now) else {
            throw .badRequest("INVALID_CODE : Invalid verification code.")
        }
        state.totpEnrollments.remove(at: index)
        var enrollmentId = RandomText.alphanumeric(28)
        let existing = Set((account.mfaEnrollments ?? []).map(\.mfaEnrollmentId))
        while existing.contains(enrollmentId) { enrollmentId = RandomText.alphanumeric(28) }
        let enrollment = MFAEnrollmentRecord(
            mfaEnrollmentId: enrollmentId, displayName: try body.string("displayName"),
            enrolledAt: RFC3339.string(context.now), phoneNumber: nil,
            totp: TOTPFactor(secret: session.secret, lastUsedStep: step))
        state.updateAccount(account.localId) { $0.mfaEnrollments = ($0.mfaEnrollments ?? []) + [enrollment] }
        return SecondFactorTokens.reply(
            for: account.localId, firstFactor: signInProvider, enrollmentId: enrollmentId, factor: ProviderID.totp,
            state: &state, now: context.now)
    }

    static func finalizeSignIn(
        _ state: inout BackendState, _ context: inout OperationContext
    ) throws(APIError) -> JSONObject {
        let body = context.body
        let now = context.now
        guard let pending = try body.nonEmptyString("mfaPendingCredential") else {
            throw .badRequest("MISSING_CREDENTIAL : Please set MFA Pending Credential.")
        }
        guard let enrollmentId = try body.nonEmptyString("mfaEnrollmentId") else {
            throw .badRequest("MISSING_MFA_ENROLLMENT_ID : No second factor identifier is provided.")
        }
        guard let code = try body.nested("totpVerificationInfo")?.nonEmptyString("verificationCode") else {
            throw .badRequest("MISSING_CODE")
        }
        // The emulator's SMS path words an undecodable credential its own way; here it is production's word.
        let decoded: (account: Account, signInProvider: String)
        do {
            decoded = try PendingCredential.decode(pending, state: state)
        } catch {
            throw .badRequest("INVALID_MFA_PENDING_CREDENTIAL : The MFA pending credential is invalid.")
        }
        let (account, signInProvider) = decoded
        guard let enrollment = account.mfaEnrollments?.first(where: { $0.mfaEnrollmentId == enrollmentId }),
            let factor = enrollment.totp
        else { throw .badRequest("MFA_ENROLLMENT_NOT_FOUND") }
        try ensure(state.totpEnabled, "OPERATION_NOT_ALLOWED : TOTP MFA is not enabled for this project.")
        guard let step = matchingStep(code, secret: factor.secret, after: factor.lastUsedStep, now: now) else {
            throw .badRequest("INVALID_CODE : Invalid verification code.")
        }
        state.updateAccount(account.localId) { updated in
            updated.lastLoginAt = now.millisecondsSince1970
            let position = updated.mfaEnrollments?.firstIndex { $0.mfaEnrollmentId == enrollmentId }
            guard let position else { return }
            updated.mfaEnrollments?[position].totp?.lastUsedStep = step
        }
        try ensure(!account.disabled, "USER_DISABLED")
        return SecondFactorTokens.reply(
            for: account.localId, firstFactor: signInProvider, enrollmentId: enrollmentId, factor: ProviderID.totp,
            state: &state, now: now)
    }

    /// The step (now, one before or one after) whose code is `code`, skipping steps at or before `after`.
    private static func matchingStep(_ code: String, secret: [UInt8], after: Int64?, now: Date) -> Int64? {
        guard let generator = TimeBasedOneTimePassword(secret: secret, digits: digits, period: period) else {
            return nil
        }
        let current = generator.step(at: Int64(now.timeIntervalSince1970.rounded(.down)))
        for step in [current, current - 1, current + 1] where step > (after ?? Int64.min) {
            if generator.code(step: step) == code { return step }
        }
        return nil
    }
}
