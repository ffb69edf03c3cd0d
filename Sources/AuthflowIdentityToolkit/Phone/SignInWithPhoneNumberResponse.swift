/// The reply to ``SignInWithPhoneNumberRequest``.
public struct SignInWithPhoneNumberResponse: SignInResponse, Hashable, Decodable, RedactingDescription {
    /// The tokens, user and multi-factor fields every sign-in reply may carry.
    public let signInFields: SignInFields
    /// Present with ``SignInFields/phoneNumber`` and no tokens when the number belongs to another account.
    public let temporaryProof: String?

    /// ``SignInConflict/phoneNumberInUse(phoneNumber:temporaryProof:)`` when the reply has a temporary proof
    /// and a number but no ID token.
    public var conflict: SignInConflict? {
        guard let temporaryProof, !temporaryProof.isEmpty, let phoneNumber = signInFields.phoneNumber,
            !phoneNumber.isEmpty, (signInFields.idToken ?? "").isEmpty
        else { return nil }
        return .phoneNumberInUse(phoneNumber: phoneNumber, temporaryProof: temporaryProof)
    }

    private enum CodingKeys: String, CodingKey {
        case temporaryProof
    }

    /// Decodes a reply; fields of an unexpected type count as absent.
    public init(from decoder: any Decoder) throws {
        signInFields = try SignInFields(from: decoder)
        temporaryProof = try decoder.container(keyedBy: CodingKeys.self).lenientString(.temporaryProof)
    }
}
