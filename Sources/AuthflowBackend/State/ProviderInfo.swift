import AuthflowPrimitives

/// One sign-in method linked to an account (the emulator's `ProviderUserInfo`); at most one per provider ID.
struct ProviderInfo: Sendable, Equatable {
    var providerId: String
    /// The provider's user ID: the IdP's `sub`, the email for `password`, the number for `phone`.
    var rawId: String
    var federatedId: String?
    var email: String?
    var displayName: String?
    var photoUrl: String?
    var screenName: String?
    var phoneNumber: String?

    init(
        providerId: String, rawId: String, federatedId: String? = nil, email: String? = nil,
        displayName: String? = nil, photoUrl: String? = nil, screenName: String? = nil, phoneNumber: String? = nil
    ) {
        self.providerId = providerId
        self.rawId = rawId
        self.federatedId = federatedId
        self.email = email
        self.displayName = displayName
        self.photoUrl = photoUrl
        self.screenName = screenName
        self.phoneNumber = phoneNumber
    }

    var json: JSONValue {
        var object = JSONObject()
        object.set("providerId", providerId)
        object.set("rawId", rawId)
        object.set("federatedId", federatedId)
        object.set("displayName", displayName)
        object.set("photoUrl", photoUrl)
        object.set("email", email)
        object.set("screenName", screenName)
        object.set("phoneNumber", phoneNumber)
        return .object(object)
    }
}

extension ProviderInfo {
    /// A provider entry an admin or the account's owner writes as given (`linkProviderUserInfo`, imports):
    /// `providerId` and `rawId` are required (`MISSING_PROVIDER_ID`, `MISSING_RAW_ID`).
    init(linking fields: RequestFields) throws(APIError) {
        guard let providerId = try fields.nonEmptyString("providerId") else { throw .badRequest("MISSING_PROVIDER_ID") }
        guard let rawId = try fields.nonEmptyString("rawId") else { throw .badRequest("MISSING_RAW_ID") }
        self.init(
            providerId: providerId, rawId: rawId, federatedId: try fields.string("federatedId"),
            email: try fields.string("email"), displayName: try fields.string("displayName"),
            photoUrl: try fields.string("photoUrl"), screenName: try fields.string("screenName"),
            phoneNumber: try fields.string("phoneNumber"))
    }
}
