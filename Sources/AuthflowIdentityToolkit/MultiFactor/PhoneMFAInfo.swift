/// `phoneVerificationInfo`: the verification ID and SMS code that finalize a phone second factor.
struct PhoneVerificationInfo: Encodable, Hashable, Sendable {
    let sessionInfo: String
    let code: String

    func validate() throws(IdentityToolkitError) {
        guard !sessionInfo.isEmpty else {
            throw .invalidRequest(.missingVerificationID)
        }
        guard !code.isEmpty else { throw .invalidRequest(.missingSMSCode) }
    }
}

/// `phoneEnrollmentInfo` / `phoneSignInInfo`: the number (if any) and the app-verification fields.
struct PhoneStartInfo: Encodable, Sendable {
    let phoneNumber: String?
    let verification: AppVerificationFields

    private enum CodingKeys: String, CodingKey {
        case phoneNumber
    }

    /// Whether the object would be `{}`, which is then left out.
    var isEmpty: Bool {
        phoneNumber == nil && verification.clientType == nil && verification.verification == .none
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(phoneNumber, forKey: .phoneNumber)
        try verification.encode(to: encoder)
    }
}

/// A reply whose verification ID sits in a nested object, `{"<wrapper>":{"sessionInfo":…}}`.
struct NestedSessionInfo: Decodable, Hashable, Sendable {
    let sessionInfo: String
}
