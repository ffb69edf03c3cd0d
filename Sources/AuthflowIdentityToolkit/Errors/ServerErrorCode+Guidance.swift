extension ServerErrorCode {
    /// What went wrong and what to do next, for a person; ``ServerError/message`` adds the server's detail.
    public var userMessage: String {
        switch self {
        case .invalidPhoneNumber:
            "That phone number is not valid. Enter it in international format with the country code, e.g. +15551234567."
        case .missingPhoneNumber:
            "No phone number was given. Enter one in international format, e.g. +15551234567."
        case .quotaExceeded:
            "This Firebase project has used up its SMS quota. Try again later, or raise the quota in the Firebase console."
        case .tooManyAttemptsTryLater:
            "Too many attempts from this device or number. Wait a while (often an hour) before trying again."
        case .resetPasswordExceedLimit:
            "Too many password-reset emails were requested. Wait a while before asking for another."
        case .invalidCode:
            "That SMS code is wrong. Check the latest message and try again."
        case .missingCode:
            "No SMS code was given. Enter the code from the latest message."
        case .invalidSessionInfo:
            "This verification attempt is no longer valid. Request a new SMS code and use that one."
        case .missingSessionInfo:
            "The verification ID was missing from the request. Request a new SMS code and start again."
        case .sessionExpired:
            "The SMS code has expired. Request a new code and enter it promptly."
        case .invalidTemporaryProof:
            "The phone credential is no longer valid. Verify the phone number again with a new SMS code."
        case .captchaCheckFailed:
            "The reCAPTCHA check failed or expired (or ran on a domain the project does not authorize). Solve the reCAPTCHA again; if it keeps failing, add the page's domain to the authorized domains."
        case .captchaRequired:
            "The server wants a captcha this client cannot show. Try again later or sign in another way."
        case .missingAppCredential, .invalidAppCredential, .appNotVerified, .missingClientIdentifier,
            .missingIOSAppToken:
            "The app verification (reCAPTCHA) was missing or rejected. Solve the reCAPTCHA again and resend the code."
        case .missingRecaptchaToken, .invalidRecaptchaToken, .recaptchaNotEnabled, .invalidRecaptchaAction,
            .missingClientType, .missingRecaptchaVersion, .invalidRecaptchaVersion, .invalidReqType:
            "This project requires reCAPTCHA Enterprise, which this client does not support. Set phone reCAPTCHA enforcement to OFF or AUDIT in the Firebase console, or use the Auth Emulator."
        case .invalidIdpResponse:
            "The identity provider's credential was rejected. Sign in with the provider again to get a fresh credential."
        case .invalidPendingToken:
            "The pending sign-in has expired. Start the sign-in with the provider again."
        case .invalidLoginCredentials:
            "The email or password is wrong. Check both and try again, or reset the password."
        case .invalidPassword:
            "The password is wrong. Try again, or reset the password."
        case .missingPassword:
            "No password was given. Enter the account's password."
        case .weakPassword:
            "The password is too weak. Choose one with at least 6 characters."
        case .passwordDoesNotMeetRequirements:
            "The password does not meet this project's password policy. Choose one that satisfies every listed requirement."
        case .missingOrInvalidNonce:
            "The sign-in nonce does not match the ID token. Start the Apple (or OpenID) sign-in again so a fresh nonce is used."
        case .userCancelled:
            "The sign-in was cancelled at the identity provider, or the requested permissions were not granted. Start the sign-in again and allow it."
        case .operationNotAllowed, .passwordLoginDisabled:
            "This sign-in method is disabled for the project. Enable it under Authentication → Sign-in method in the Firebase console."
        case .invalidProviderID:
            "The sign-in provider ID is not recognised. Check the provider (e.g. apple.com) and that it is enabled in the project."
        case .invalidOAuthClientID:
            "The OAuth client ID does not belong to this API key's project. Use the client or app ID from the same Firebase project."
        case .missingAPIKey:
            "The request had no valid API key. Set the project's Web API key (Project settings → General in the Firebase console)."
        case .invalidAPIKey:
            "The API key is not valid. Copy the Web API key again from Project settings → General in the Firebase console."
        case .appCheckTokenInvalid:
            "The project enforces Firebase App Check for Authentication and this request had no valid App Check token."
        case .appNotAuthorized:
            "This API key is restricted and does not allow this client. Lift the key's application restrictions in the Google Cloud console, or use an unrestricted key."
        case .insufficientPermission:
            "The request needs administrator rights this client does not have. Use a client-level call instead."
        case .adminOnlyOperation:
            "The project only lets administrators do this (for example, self sign-up is disabled). Ask the project owner to create or change the account."
        case .blockingFunctionErrorResponse:
            "The project's blocking function refused this sign-in. Ask the project owner why."
        case .federatedUserIDAlreadyLinked:
            "This provider account is already linked to a different user. Sign in to that account instead, or unlink it there first."
        case .emailExists:
            "An account with this email already exists. Sign in to it instead, or use another email."
        case .phoneNumberExists:
            "This phone number is already used by another account. Sign in with the number to use that account, or verify a different number."
        case .userDisabled:
            "This account has been disabled by an administrator. Contact the project owner."
        case .userNotFound:
            "No account matches this request; it may have been deleted. Sign in again or create a new account."
        case .emailNotFound:
            "There is no account with this email. Check the address or create an account."
        case .invalidIDToken, .tokenExpired, .invalidRefreshToken, .missingRefreshToken:
            "The saved session is no longer valid. Sign in again."
        case .credentialTooOldLoginAgain:
            "This change needs a recent sign-in. Sign in again, then retry."
        case .emailChangeNeedsVerification:
            "The new email address must be verified first. Open the verification link sent to it, then retry."
        case .invalidEmail, .invalidIdentifier:
            "The email address is not valid for this request. Check it for typos and that it is the address the link was sent to."
        case .missingEmail:
            "No email address was given. Enter the account's email."
        case .invalidOobCode:
            "This email link is invalid or has already been used. Request a new link and open only the latest one."
        case .expiredOobCode:
            "This email link has expired. Request a new one."
        case .missingOobCode:
            "The link's code was missing from the request. Paste the whole link from the email and try again."
        case .missingReqType:
            "The email request type was missing. This is a bug in this client; please report it."
        case .missingContinueURI:
            "A continue URL is required for this email. Configure one (an absolute https URL on an authorized domain)."
        case .invalidContinueURI:
            "The continue URL is not valid. Use an absolute URL such as https://example.com/done."
        case .unauthorizedDomain:
            "The continue URL's domain is not authorized. Add it under Authentication → Settings → Authorized domains in the Firebase console."
        case .invalidHostingLinkDomain:
            "The link domain is not a Firebase Hosting domain of this project. Use one of the project's custom Hosting domains, or leave the link domain unset."
        case .dynamicLinkNotActivated, .invalidDynamicLinkDomain:
            "The Dynamic Links domain is not usable (Firebase Dynamic Links has shut down). Remove the dynamic link domain and use a Hosting link domain instead."
        case .missingIOSBundleID:
            "An iOS bundle ID is required with these link settings. Set one, or drop the iOS settings."
        case .missingAndroidPackageName:
            "An Android package name is required with these link settings. Set one, or drop the Android settings."
        case .invalidMessagePayload, .invalidSender:
            "The project's email template or sender is invalid, so the email could not be sent. Fix the template under Authentication → Templates."
        case .invalidRecipientEmail:
            "The email could not be delivered to this address. Check the address or use another one."
        case .tenantIDMismatch:
            "The link or credential belongs to a different tenant than the one configured. Use the matching tenant ID."
        case .invalidTenantID:
            "The tenant ID is not valid for this project. Check the tenant ID."
        case .unsupportedTenantOperation:
            "This operation is not supported for tenants. Run it without a tenant ID or in the default tenant."
        case .secondFactorExists:
            "This second factor is already enrolled on the account."
        case .secondFactorLimitExceeded:
            "The account already has the maximum number of second factors. Remove one before adding another."
        case .unsupportedFirstFactor:
            "This kind of account cannot add a second factor. Sign in with email or a federated provider first."
        case .unverifiedEmail:
            "Verify the account's email address before enrolling a second factor."
        case .invalidMFAPendingCredential, .missingMFAPendingCredential:
            "The multi-factor sign-in session expired or is invalid. Sign in again from the first step."
        case .mfaEnrollmentNotFound:
            "That second factor is not enrolled on this account. Choose one of the factors listed for the account."
        case .missingMFAEnrollmentID:
            "No second factor was chosen. Pick one of the account's enrolled factors."
        case .totpNotEnabled:
            "TOTP second factors are not enabled for this project. Enable them in Identity Platform's MFA settings."
        case .missingRequestURI, .invalidRequestURI, .invalidCredentialOrProviderID:
            "The Auth Emulator rejected the sign-in request as malformed. This is a bug in this client; please report it."
        case .notImplemented:
            "The Auth Emulator does not support this operation. Use a production project, or another sign-in method."
        }
    }

    /// The coarse group this code belongs to.
    public var category: ServerErrorCategory {
        switch self {
        case .invalidPhoneNumber, .missingPhoneNumber, .invalidCode, .missingCode, .invalidLoginCredentials,
            .invalidPassword, .missingPassword, .weakPassword, .passwordDoesNotMeetRequirements, .invalidEmail,
            .invalidIdentifier, .missingEmail, .invalidRecipientEmail:
            .wrongInput
        case .invalidSessionInfo, .sessionExpired, .captchaCheckFailed, .missingAppCredential,
            .invalidAppCredential, .appNotVerified, .missingClientIdentifier, .missingIOSAppToken,
            .invalidOobCode, .expiredOobCode:
            .expired
        case .quotaExceeded, .tooManyAttemptsTryLater, .resetPasswordExceedLimit:
            .rateLimited
        case .operationNotAllowed, .passwordLoginDisabled, .invalidProviderID, .invalidOAuthClientID,
            .missingAPIKey, .invalidAPIKey, .appNotAuthorized, .insufficientPermission, .missingContinueURI,
            .invalidContinueURI, .unauthorizedDomain, .invalidHostingLinkDomain, .dynamicLinkNotActivated,
            .invalidDynamicLinkDomain, .missingIOSBundleID, .missingAndroidPackageName, .invalidMessagePayload,
            .invalidSender, .tenantIDMismatch, .invalidTenantID:
            .configuration
        case .appCheckTokenInvalid, .totpNotEnabled:
            .configuration
        case .invalidIDToken, .tokenExpired, .invalidRefreshToken, .missingRefreshToken,
            .credentialTooOldLoginAgain, .invalidMFAPendingCredential, .missingMFAPendingCredential:
            .signInAgain
        case .federatedUserIDAlreadyLinked, .emailExists, .phoneNumberExists, .secondFactorExists,
            .secondFactorLimitExceeded:
            .conflict
        case .userNotFound, .emailNotFound, .mfaEnrollmentNotFound:
            .notFound
        case .unverifiedEmail, .emailChangeNeedsVerification:
            .actionRequired
        case .invalidIdpResponse, .invalidPendingToken, .invalidTemporaryProof, .missingOrInvalidNonce,
            .userCancelled, .userDisabled, .adminOnlyOperation, .blockingFunctionErrorResponse:
            .rejected
        case .missingRecaptchaToken, .invalidRecaptchaToken, .recaptchaNotEnabled, .invalidRecaptchaAction,
            .missingClientType, .missingRecaptchaVersion, .invalidRecaptchaVersion, .invalidReqType,
            .captchaRequired, .unsupportedTenantOperation, .unsupportedFirstFactor, .notImplemented:
            .unsupported
        case .missingSessionInfo, .missingOobCode, .missingReqType, .missingMFAEnrollmentID, .missingRequestURI,
            .invalidRequestURI, .invalidCredentialOrProviderID:
            .internal
        }
    }

    /// Whether a stored session for this user is dead and should be discarded: the ID token is invalid or
    /// expired beyond refresh, or the account was deleted or disabled.
    public var invalidatesSession: Bool {
        switch self {
        case .invalidIDToken, .tokenExpired, .invalidRefreshToken, .missingRefreshToken, .userNotFound,
            .userDisabled:
            true
        default: false
        }
    }
}
