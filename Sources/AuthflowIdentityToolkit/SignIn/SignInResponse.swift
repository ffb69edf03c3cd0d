/// A reply that can complete a sign-in: phone, email link, password, sign-up, IdP and MFA finalize.
///
/// Use ``outcome`` to branch; the individual fields stay available for callers that merge replies.
public protocol SignInResponse: Sendable {
    /// The fields shared by every sign-in reply.
    var signInFields: SignInFields { get }
    /// A reply shape that means the credential belongs elsewhere; `nil` unless the endpoint has one.
    var conflict: SignInConflict? { get }
}

extension SignInResponse {
    /// No conflict shape, for endpoints that have none.
    public var conflict: SignInConflict? { nil }

    /// The Firebase ID token.
    public var idToken: String? { signInFields.idToken }
    /// The refresh token.
    public var refreshToken: String? { signInFields.refreshToken }
    /// Seconds until the ID token expires, as sent (`"3600"`).
    public var expiresIn: String? { signInFields.expiresIn }
    /// The Firebase user ID.
    public var localId: String? { signInFields.localId }
    /// The user's email.
    public var email: String? { signInFields.email }
    /// The user's phone number.
    public var phoneNumber: String? { signInFields.phoneNumber }
    /// Whether the account was just created.
    public var isNewUser: Bool? { signInFields.isNewUser }
    /// The pending credential when a second factor is required.
    public var mfaPendingCredential: String? { signInFields.mfaPendingCredential }
    /// The enrolled second factors.
    public var mfaInfo: [MFAEnrollment]? { signInFields.mfaInfo }

    /// What the reply means, checked in this order:
    /// 1. a ``conflict`` (`needConfirmation`, or a phone number already in use);
    /// 2. a second factor is required: `mfaPendingCredential` is present (the web SDK's signal), or there is no
    ///    `idToken` and `mfaInfo` is non-empty (the iOS SDK's signal);
    /// 3. signed in: both tokens are present;
    /// 4. otherwise ``SignInOutcome/malformed``.
    public var outcome: SignInOutcome {
        if let conflict { return .conflict(conflict) }
        let fields = signInFields
        let hints = fields.mfaInfo ?? []
        if nonEmpty(fields.mfaPendingCredential) != nil || (nonEmpty(fields.idToken) == nil && !hints.isEmpty) {
            return .secondFactorRequired(pendingCredential: nonEmpty(fields.mfaPendingCredential), hints: hints)
        }
        if let idToken = nonEmpty(fields.idToken), let refreshToken = nonEmpty(fields.refreshToken) {
            return .signedIn(
                SignInTokens(
                    idToken: idToken, refreshToken: refreshToken, expiresIn: fields.expiresIn, localId: fields.localId
                ))
        }
        return .malformed
    }

    private func nonEmpty(_ value: String?) -> String? {
        guard let value, !value.isEmpty else { return nil }
        return value
    }
}
