/// Why a request was refused before it was sent: a value it needs is empty, or it could not be encoded.
///
/// A front end words these for its users; ``description`` is English for logs and embedders.
public enum InvalidRequestReason: Sendable, Hashable, CustomStringConvertible {
    /// No API key is configured.
    case missingAPIKey
    /// The request could not be encoded as JSON; `requestType` names the request's type.
    case unencodable(requestType: String)
    /// The phone number to text a code to is empty.
    case missingPhoneNumber
    /// reCAPTCHA Enterprise fields were given without a client type.
    case missingRecaptchaClientType
    /// The verification ID of an SMS code is empty.
    case missingVerificationID
    /// The SMS code is empty.
    case missingSMSCode
    /// The temporary proof of a verified phone number, or its number, is empty.
    case missingTemporaryProof
    /// The multi-factor sign-in session is empty.
    case missingMultiFactorSession
    /// No enrolled second factor was chosen.
    case missingSecondFactor
    /// The authenticator app's (TOTP) code is empty.
    case missingAuthenticatorCode
    /// The TOTP enrolment session is empty.
    case missingTOTPSession
    /// `signInWithIdp` was given no request URI.
    case missingRequestURI
    /// The reCAPTCHA Enterprise token to exchange for an App Check token is empty.
    case missingRecaptchaEnterpriseToken
    /// The App Check debug token is empty.
    case missingAppCheckDebugToken
    /// The email address is empty.
    case missingEmail
    /// The email link's code is empty.
    case missingLinkCode
    /// An email sign-in link was requested without a continue URL.
    case missingContinueURL
    /// An email sign-in link was requested without `canHandleCodeInApp`.
    case linkNotHandledInApp
    /// An account update names no account: neither an ID token nor an emailed code.
    case missingAccountCredential
    /// The refresh token is empty.
    case missingRefreshToken

    /// What is missing, in English, for logs and embedders.
    public var description: String {
        switch self {
        case .missingAPIKey:
            "No API key is configured. Set the project's Web API key (any non-empty value works with the Auth "
                + "Emulator)."
        case .unencodable(let requestType): "\(requestType) could not be encoded as JSON."
        case .missingPhoneNumber: "Enter a phone number, e.g. +15551234567."
        case .missingRecaptchaClientType:
            "reCAPTCHA Enterprise fields need a client type (for example CLIENT_TYPE_WEB)."
        case .missingVerificationID: "The verification ID is empty. Request a new SMS code."
        case .missingSMSCode: "Enter the code from the SMS."
        case .missingTemporaryProof: "The temporary proof or its phone number is empty. Verify the number again."
        case .missingMultiFactorSession: "The multi-factor session is missing. Sign in again from the first step."
        case .missingSecondFactor: "Choose one of the account's second factors."
        case .missingAuthenticatorCode: "Enter the code the authenticator app shows."
        case .missingTOTPSession: "The TOTP enrolment session is empty. Start again."
        case .missingRequestURI: "signInWithIdp needs a request URI (the callback link, or http://localhost)."
        case .missingRecaptchaEnterpriseToken: "The reCAPTCHA Enterprise token is empty."
        case .missingAppCheckDebugToken: "The App Check debug token is empty."
        case .missingEmail: "Enter the email address."
        case .missingLinkCode: "The link has no code. Paste the whole link from the email."
        case .missingContinueURL: "An email sign-in link needs a continue URL on an authorized domain."
        case .linkNotHandledInApp: "An email sign-in link must set canHandleCodeInApp to true."
        case .missingAccountCredential:
            "An account update needs the user's ID token, or the code from an emailed link. Sign in first."
        case .missingRefreshToken: "There is no refresh token; sign in again."
        }
    }
}
