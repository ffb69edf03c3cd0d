import Foundation

/// A read-only copy of one account, for tests and the demo to inspect what the backend holds.
public struct BackendAccount: Sendable, Hashable {
    /// The user ID (`localId`, the token's `user_id`).
    public let localID: String
    /// The lower-cased email, if any.
    public let email: String?
    /// Whether the email is verified; `false` when the account never had one set.
    public let emailVerified: Bool
    /// The display name, if any.
    public let displayName: String?
    /// The photo URL, if any.
    public let photoURL: String?
    /// The phone number of a phone sign-in, if any.
    public let phoneNumber: String?
    /// Whether the account is disabled.
    public let disabled: Bool
    /// Whether a password is set.
    public let hasPassword: Bool
    /// Linked sign-in methods, `password` and `phone` included.
    public let providers: [BackendProvider]
    /// Enrolled SMS second factors.
    public let mfaEnrollments: [BackendMFAEnrollment]
    /// When the account was created.
    public let createdAt: Date
    /// The tenant the account belongs to; `nil` for the project's own accounts.
    public let tenantID: String?

    init(_ account: Account) {
        localID = account.localId
        email = account.email
        emailVerified = account.emailVerified ?? false
        displayName = account.displayName
        photoURL = account.photoUrl
        phoneNumber = account.phoneNumber
        disabled = account.disabled
        hasPassword = account.passwordHash != nil
        providers = account.providers.map(BackendProvider.init)
        mfaEnrollments = (account.mfaEnrollments ?? []).map(BackendMFAEnrollment.init)
        createdAt = Date(timeIntervalSince1970: TimeInterval(account.createdAt) / 1000)
        tenantID = account.tenantId
    }
}

/// One linked sign-in method of a ``BackendAccount``.
public struct BackendProvider: Sendable, Hashable {
    /// `password`, `phone`, `apple.com`, …
    public let providerID: String
    /// The provider's user ID: the IdP's `sub`, the email for `password`, the number for `phone`.
    public let rawID: String
    /// The email the provider reported, if any.
    public let email: String?
    /// The display name the provider reported, if any.
    public let displayName: String?

    init(_ info: ProviderInfo) {
        providerID = info.providerId
        rawID = info.rawId
        email = info.email
        displayName = info.displayName
    }
}

/// One enrolled second factor of a ``BackendAccount``: SMS or TOTP.
public struct BackendMFAEnrollment: Sendable, Hashable {
    /// The 28-character enrollment ID (`mfaEnrollmentId`).
    public let enrollmentID: String
    /// The full phone number of an SMS factor; empty for a TOTP factor.
    public let phoneNumber: String
    /// Whether it is a TOTP factor (its secret is never shown).
    public let isTOTP: Bool
    /// The name given at enrollment, if any.
    public let displayName: String?
    /// RFC 3339 enrollment time, as the API reports it.
    public let enrolledAt: String

    init(_ enrollment: MFAEnrollmentRecord) {
        enrollmentID = enrollment.mfaEnrollmentId
        phoneNumber = enrollment.phoneNumber ?? ""
        isTOTP = enrollment.totp != nil
        displayName = enrollment.displayName
        enrolledAt = enrollment.enrolledAt
    }
}
