/// The values of one Identity Toolkit proto enum in declaration order, so an integer in a request body can be
/// read as the name at that index (see ``RequestFields/enumeration(_:_:)``).
struct ProtoEnum: Sendable {
    let names: [String]

    /// `GetOobCodeRequest.requestType` (`accounts:sendOobCode`).
    static let oobRequestType = ProtoEnum(names: [
        "OOB_REQ_TYPE_UNSPECIFIED", "PASSWORD_RESET", "OLD_EMAIL_AGREE", "NEW_EMAIL_ACCEPT", "VERIFY_EMAIL",
        "RECOVER_EMAIL", "EMAIL_SIGNIN", "VERIFY_AND_CHANGE_EMAIL", "REVERT_SECOND_FACTOR_ADDITION",
    ])

    /// Admin v2 `MultiFactorAuthConfig.state`.
    static let mfaState = ProtoEnum(names: ["STATE_UNSPECIFIED", "DISABLED", "ENABLED", "MANDATORY"])
}
