import Foundation

/// Second factors an admin (or a sign-up) writes directly: `signUp`'s `mfaInfo` and `accounts:update`'s
/// `mfa.enrollments`, checked and de-duplicated by phone number as the emulator does. Only SMS factors
/// can be written this way.
enum MFAEnrollmentImport {
    /// The enrollments to store. Entries repeating an earlier entry's phone number are dropped; with
    /// `generateIds` every kept entry gets a fresh ID (any given one is ignored), otherwise each must carry one.
    static func enrollments(
        _ entries: [RequestFields], generateIds: Bool, now: Date
    ) throws(APIError) -> [MFAEnrollmentRecord] {
        var kept: [MFAEnrollmentRecord] = []
        for entry in entries {
            let phoneNumber = try entry.nonEmptyString("phoneInfo")
            guard let phoneNumber, Validation.isPhoneNumber(phoneNumber) else {
                throw .badRequest("INVALID_MFA_PHONE_NUMBER : Invalid format.")
            }
            if kept.contains(where: { $0.phoneNumber == phoneNumber }) { continue }
            let enrollmentId: String
            if generateIds {
                enrollmentId = freshId(avoiding: Set(kept.map(\.mfaEnrollmentId)))
            } else {
                guard let given = try entry.nonEmptyString("mfaEnrollmentId") else {
                    throw .badRequest("INVALID_MFA_ENROLLMENT_ID : mfaEnrollmentId must be defined.")
                }
                enrollmentId = given
            }
            try ensure(!kept.contains { $0.mfaEnrollmentId == enrollmentId }, "DUPLICATE_MFA_ENROLLMENT_ID")
            kept.append(
                MFAEnrollmentRecord(
                    mfaEnrollmentId: enrollmentId, displayName: try entry.string("displayName"),
                    enrolledAt: try entry.nonEmptyString("enrolledAt") ?? RFC3339.string(now),
                    phoneNumber: phoneNumber, totp: nil))
        }
        return kept
    }

    /// A random 28-character enrollment ID not in `taken`.
    static func freshId(avoiding taken: Set<String>) -> String {
        while true {
            let candidate = RandomText.alphanumeric(28)
            if !taken.contains(candidate) { return candidate }
        }
    }
}
