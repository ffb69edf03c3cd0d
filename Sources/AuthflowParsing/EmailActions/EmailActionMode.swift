/// The operation an email action link performs, from its `mode` parameter.
public enum EmailActionMode: String, Sendable, CaseIterable {
    case signIn
    case resetPassword
    case verifyEmail
    case verifyAndChangeEmail
    case recoverEmail
    case revertSecondFactorAddition

    /// The `requestType` the Identity Toolkit API uses for the same operation.
    public var requestType: String {
        switch self {
        case .signIn: "EMAIL_SIGNIN"
        case .resetPassword: "PASSWORD_RESET"
        case .verifyEmail: "VERIFY_EMAIL"
        case .verifyAndChangeEmail: "VERIFY_AND_CHANGE_EMAIL"
        case .recoverEmail: "RECOVER_EMAIL"
        case .revertSecondFactorAddition: "REVERT_SECOND_FACTOR_ADDITION"
        }
    }

    /// A short phrase for people: what clicking such a link does.
    public var summary: String {
        switch self {
        case .signIn: "sign-in link"
        case .resetPassword: "password-reset link"
        case .verifyEmail: "email-verification link"
        case .verifyAndChangeEmail: "change-of-email verification link"
        case .recoverEmail: "email-recovery link (undoes an email change)"
        case .revertSecondFactorAddition: "link that removes a newly added second factor"
        }
    }
}
