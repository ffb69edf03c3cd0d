import Foundation

/// One account as `accounts:lookup` describes it. Every field is optional: replies differ between production,
/// the emulator and account types.
public struct AccountInfo: Sendable, Hashable, Decodable, RedactingDescription {
    /// The Firebase user ID.
    public let localId: String?
    /// The email.
    public let email: String?
    /// Whether the email is verified.
    public let emailVerified: Bool?
    /// The display name.
    public let displayName: String?
    /// The profile photo URL.
    public let photoUrl: String?
    /// The phone number, complete.
    public let phoneNumber: String?
    /// Whether an administrator disabled the account.
    public let disabled: Bool?
    /// Linked providers.
    public let providerUserInfo: [ProviderUserInfo]
    /// Enrolled second factors.
    public let mfaInfo: [MFAEnrollment]
    /// Creation time in epoch milliseconds, as sent (a decimal string).
    public let createdAt: String?
    /// Last sign-in in epoch milliseconds, as sent.
    public let lastLoginAt: String?
    /// Last password change in epoch milliseconds, as sent.
    public let passwordUpdatedAt: String?
    /// Last token refresh, RFC 3339.
    public let lastRefreshAt: String?
    /// Tokens issued before this time (epoch seconds) are revoked.
    public let validSince: String?
    /// The tenant the account belongs to.
    public let tenantId: String?

    /// ``createdAt`` as a date.
    public var createdDate: Date? { createdAt.flatMap(Timestamp.epochMilliseconds) }
    /// ``lastLoginAt`` as a date.
    public var lastLoginDate: Date? { lastLoginAt.flatMap(Timestamp.epochMilliseconds) }
    /// ``passwordUpdatedAt`` as a date.
    public var passwordUpdatedDate: Date? { passwordUpdatedAt.flatMap(Timestamp.epochMilliseconds) }
    /// ``lastRefreshAt`` as a date.
    public var lastRefreshDate: Date? { lastRefreshAt.flatMap(Timestamp.date(from:)) }

    private enum CodingKeys: String, CodingKey {
        case localId, email, emailVerified, displayName, photoUrl, phoneNumber, disabled, providerUserInfo, mfaInfo
        case createdAt, lastLoginAt, passwordUpdatedAt, lastRefreshAt, validSince, tenantId
    }

    /// Decodes a reply; fields of an unexpected type count as absent.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        localId = container.lenientString(.localId)
        email = container.lenientString(.email)
        emailVerified = container.lenientBool(.emailVerified)
        displayName = container.lenientString(.displayName)
        photoUrl = container.lenientString(.photoUrl)
        phoneNumber = container.lenientString(.phoneNumber)
        disabled = container.lenientBool(.disabled)
        providerUserInfo = (try? container.decodeIfPresent([ProviderUserInfo].self, forKey: .providerUserInfo)) ?? []
        mfaInfo = try container.elements(MFAEnrollment.self, .mfaInfo) ?? []
        createdAt = container.lenientString(.createdAt)
        lastLoginAt = container.lenientString(.lastLoginAt)
        passwordUpdatedAt = container.lenientString(.passwordUpdatedAt)
        lastRefreshAt = container.lenientString(.lastRefreshAt)
        validSince = container.lenientString(.validSince)
        tenantId = container.lenientString(.tenantId)
    }
}

/// One provider linked to an account.
public struct ProviderUserInfo: Sendable, Hashable, Decodable, RedactingDescription {
    /// The provider, e.g. `apple.com`, `password`, `phone`.
    public let providerId: String?
    /// The user's ID at the provider.
    public let rawId: String?
    /// The provider's federated ID.
    public let federatedId: String?
    /// The email at the provider.
    public let email: String?
    /// The display name at the provider.
    public let displayName: String?
    /// The photo URL at the provider.
    public let photoUrl: String?
    /// The phone number, for the phone provider.
    public let phoneNumber: String?

    private enum CodingKeys: String, CodingKey {
        case providerId, rawId, federatedId, email, displayName, photoUrl, phoneNumber
    }

    /// Decodes a reply; fields of an unexpected type count as absent.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        providerId = container.lenientString(.providerId)
        rawId = container.lenientString(.rawId)
        federatedId = container.lenientString(.federatedId)
        email = container.lenientString(.email)
        displayName = container.lenientString(.displayName)
        photoUrl = container.lenientString(.photoUrl)
        phoneNumber = container.lenientString(.phoneNumber)
    }
}
