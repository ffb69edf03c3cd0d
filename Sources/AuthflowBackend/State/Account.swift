import AuthflowPrimitives

/// One user account, with the fields the emulator keeps (its `UserInfo`).
struct Account: Sendable {
    var localId: String
    var email: String?
    /// `nil` until something sets it (phone and anonymous users), as in the emulator.
    var emailVerified: Bool?
    var emailLinkSignin = false
    /// The first email, kept for the RECOVER_EMAIL link when the email changes.
    var initialEmail: String?
    var displayName: String?
    var photoUrl: String?
    var screenName: String?
    var phoneNumber: String?
    var passwordHash: String?
    var salt: String?
    /// Milliseconds since the epoch.
    var passwordUpdatedAt: Int64?
    /// Seconds since the epoch; ID tokens issued before it are revoked (`TOKEN_EXPIRED`).
    var validSince: Int64?
    var disabled = false
    var customAuth = false
    /// Milliseconds since the epoch.
    var createdAt: Int64
    /// Milliseconds since the epoch; the token's `auth_time`.
    var lastLoginAt: Int64?
    /// RFC 3339, set whenever tokens are issued.
    var lastRefreshAt: String?
    var providers: [ProviderInfo] = []
    /// Whether the account has had a provider list (a provider linked once, or an imported list): only then
    /// do replies show `providerUserInfo`, empty when every provider went, as the emulator does.
    var providerListKept = false
    /// `nil` means never enrolled; an empty list means every factor was withdrawn.
    var mfaEnrollments: [MFAEnrollmentRecord]?
    /// The tenant the account belongs to; `nil` in a project's own state.
    var tenantId: String?
    /// Enrolled passkeys; `nil` until the first enrolment (``PasskeyOperations``).
    var passkeys: [PasskeyRecord]?
    /// Custom claims as serialized JSON (the emulator's `customAttributes`); merged into ID tokens by
    /// ``CustomClaims``.
    var customAttributes: String?

    init(localId: String, createdAt: Int64) {
        self.localId = localId
        self.createdAt = createdAt
    }

    /// Whether sign-in must stop at `mfaPendingCredential` (SMS MFA is always enabled in the emulator).
    var requiresSecondFactor: Bool {
        !(mfaEnrollments ?? []).isEmpty
    }

    /// Re-derives the `password` and `phone` providers from the account's fields and applies explicit
    /// changes, in the emulator's order: deletions first, then upserts (replacing by provider ID, in place).
    mutating func updateProviders(
        upserting explicitUpserts: [ProviderInfo] = [], deleting explicitDeletes: [String] = []
    ) {
        var upserts = explicitUpserts
        var deletes = explicitDeletes
        if let email, passwordHash != nil || emailLinkSignin {
            upserts.append(
                ProviderInfo(
                    providerId: ProviderID.password, rawId: email, federatedId: email, email: email,
                    displayName: displayName, photoUrl: photoUrl
                ))
        } else {
            deletes.append(ProviderID.password)
        }
        if let phoneNumber {
            upserts.append(ProviderInfo(providerId: ProviderID.phone, rawId: phoneNumber, phoneNumber: phoneNumber))
        } else {
            deletes.append(ProviderID.phone)
        }
        providers.removeAll { deletes.contains($0.providerId) }
        if !upserts.isEmpty { providerListKept = true }
        for upsert in upserts {
            if let index = providers.firstIndex(where: { $0.providerId == upsert.providerId }) {
                providers[index] = upsert
            } else {
                providers.append(upsert)
            }
        }
    }

    /// The account as `accounts:lookup` shows it (the emulator shows everything, password hash included).
    var json: JSONValue {
        var object = JSONObject()
        object.set("localId", localId)
        object.set("email", email)
        object.set("emailVerified", emailVerified)
        if emailLinkSignin { object["emailLinkSignin"] = true }
        object.set("displayName", displayName)
        object.set("photoUrl", photoUrl)
        object.set("screenName", screenName)
        object.set("phoneNumber", phoneNumber)
        object.set("passwordHash", passwordHash)
        object.set("salt", salt)
        if let passwordUpdatedAt { object["passwordUpdatedAt"] = .number(Double(passwordUpdatedAt)) }
        if providerListKept { object["providerUserInfo"] = .array(providers.map(\.json)) }
        object.set("validSince", validSince.map(String.init))
        if disabled { object["disabled"] = true }
        object.set("lastLoginAt", lastLoginAt.map(String.init))
        object["createdAt"] = .string(String(createdAt))
        object.set("lastRefreshAt", lastRefreshAt)
        object.set("initialEmail", initialEmail)
        if customAuth { object["customAuth"] = true }
        if let mfaEnrollments { object["mfaInfo"] = .array(mfaEnrollments.map(\.fullJSON)) }
        object.set("tenantId", tenantId)
        if let passkeys { object["passkeyInfo"] = .array(passkeys.map(\.json)) }
        object.set("customAttributes", customAttributes)
        return .object(object)
    }
}

/// Provider IDs the emulator treats specially.
enum ProviderID {
    static let password = "password"
    static let phone = "phone"
    static let anonymous = "anonymous"
    static let custom = "custom"
    static let gameCenter = "gc.apple.com"
    static let emailLinkMethod = "emailLink"
    /// A TOTP second factor's `sign_in_second_factor`.
    static let totp = "totp"

    /// First factors that cannot have a second factor (`UNSUPPORTED_FIRST_FACTOR`).
    static let mfaIneligible: Set<String> = [anonymous, phone, custom, gameCenter]
}
