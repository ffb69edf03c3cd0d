/// A refusal the Identity Toolkit backend (or its emulator) names, keyed by the code at the start of its
/// `error.message`.
///
/// Three cases have no code of their own and are derived from other parts of the reply:
/// ``invalidAPIKey`` and ``appNotAuthorized`` from `errors[].reason`, and ``notImplemented`` from a 501 or
/// `status: "NOT_IMPLEMENTED"`. Their raw values are the names Google uses elsewhere for the same condition.
public enum ServerErrorCode: String, Sendable, Hashable, CaseIterable {
    // MARK: Phone numbers and SMS
    /// `INVALID_PHONE_NUMBER`; the detail says why (`TOO_SHORT`, `Invalid format.`).
    case invalidPhoneNumber = "INVALID_PHONE_NUMBER"
    /// `MISSING_PHONE_NUMBER`.
    case missingPhoneNumber = "MISSING_PHONE_NUMBER"
    /// `QUOTA_EXCEEDED`: the project's SMS quota is used up.
    case quotaExceeded = "QUOTA_EXCEEDED"
    /// `TOO_MANY_ATTEMPTS_TRY_LATER`: rate limited.
    case tooManyAttemptsTryLater = "TOO_MANY_ATTEMPTS_TRY_LATER"
    /// `RESET_PASSWORD_EXCEED_LIMIT`: too many password-reset emails.
    case resetPasswordExceedLimit = "RESET_PASSWORD_EXCEED_LIMIT"
    /// `INVALID_CODE`: the SMS code is wrong.
    case invalidCode = "INVALID_CODE"
    /// `MISSING_CODE`.
    case missingCode = "MISSING_CODE"
    /// `INVALID_SESSION_INFO`: the verification ID is not valid.
    case invalidSessionInfo = "INVALID_SESSION_INFO"
    /// `MISSING_SESSION_INFO`.
    case missingSessionInfo = "MISSING_SESSION_INFO"
    /// `SESSION_EXPIRED`: the SMS code expired.
    case sessionExpired = "SESSION_EXPIRED"
    /// `INVALID_TEMPORARY_PROOF`.
    case invalidTemporaryProof = "INVALID_TEMPORARY_PROOF"

    // MARK: App verification and reCAPTCHA
    /// `CAPTCHA_CHECK_FAILED`: the reCAPTCHA token is invalid, expired, reused, or from an unauthorized domain.
    case captchaCheckFailed = "CAPTCHA_CHECK_FAILED"
    /// `CAPTCHA_REQUIRED`.
    case captchaRequired = "CAPTCHA_REQUIRED"
    /// `MISSING_APP_CREDENTIAL`.
    case missingAppCredential = "MISSING_APP_CREDENTIAL"
    /// `INVALID_APP_CREDENTIAL`.
    case invalidAppCredential = "INVALID_APP_CREDENTIAL"
    /// `APP_NOT_VERIFIED`.
    case appNotVerified = "APP_NOT_VERIFIED"
    /// `MISSING_CLIENT_IDENTIFIER`.
    case missingClientIdentifier = "MISSING_CLIENT_IDENTIFIER"
    /// `MISSING_IOS_APP_TOKEN`.
    case missingIOSAppToken = "MISSING_IOS_APP_TOKEN"
    /// `MISSING_RECAPTCHA_TOKEN`: reCAPTCHA Enterprise is enforced and no token was sent.
    case missingRecaptchaToken = "MISSING_RECAPTCHA_TOKEN"
    /// `INVALID_RECAPTCHA_TOKEN`.
    case invalidRecaptchaToken = "INVALID_RECAPTCHA_TOKEN"
    /// `RECAPTCHA_NOT_ENABLED`.
    case recaptchaNotEnabled = "RECAPTCHA_NOT_ENABLED"
    /// `INVALID_RECAPTCHA_ACTION`.
    case invalidRecaptchaAction = "INVALID_RECAPTCHA_ACTION"
    /// `MISSING_CLIENT_TYPE`.
    case missingClientType = "MISSING_CLIENT_TYPE"
    /// `MISSING_RECAPTCHA_VERSION`.
    case missingRecaptchaVersion = "MISSING_RECAPTCHA_VERSION"
    /// `INVALID_RECAPTCHA_VERSION`.
    case invalidRecaptchaVersion = "INVALID_RECAPTCHA_VERSION"
    /// `INVALID_REQ_TYPE`.
    case invalidReqType = "INVALID_REQ_TYPE"

    // MARK: Credentials
    /// `INVALID_IDP_RESPONSE`: the provider credential was rejected.
    case invalidIdpResponse = "INVALID_IDP_RESPONSE"
    /// `INVALID_PENDING_TOKEN`.
    case invalidPendingToken = "INVALID_PENDING_TOKEN"
    /// `INVALID_LOGIN_CREDENTIALS`: wrong email or password (with email enumeration protection on).
    case invalidLoginCredentials = "INVALID_LOGIN_CREDENTIALS"
    /// `INVALID_PASSWORD`: wrong password (without email enumeration protection).
    case invalidPassword = "INVALID_PASSWORD"
    /// `MISSING_PASSWORD`.
    case missingPassword = "MISSING_PASSWORD"
    /// `WEAK_PASSWORD`.
    case weakPassword = "WEAK_PASSWORD"
    /// `PASSWORD_DOES_NOT_MEET_REQUIREMENTS`; the detail lists the project's password policy.
    case passwordDoesNotMeetRequirements = "PASSWORD_DOES_NOT_MEET_REQUIREMENTS"
    /// `MISSING_OR_INVALID_NONCE`: the nonce does not match the Apple or OpenID Connect ID token.
    case missingOrInvalidNonce = "MISSING_OR_INVALID_NONCE"
    /// `USER_CANCELLED`: the person declined at the identity provider (the web SDK's `auth/user-cancelled`).
    case userCancelled = "USER_CANCELLED"

    // MARK: Providers and project settings
    /// `OPERATION_NOT_ALLOWED`: the sign-in provider is disabled.
    case operationNotAllowed = "OPERATION_NOT_ALLOWED"
    /// `PASSWORD_LOGIN_DISABLED`.
    case passwordLoginDisabled = "PASSWORD_LOGIN_DISABLED"
    /// `INVALID_PROVIDER_ID`.
    case invalidProviderID = "INVALID_PROVIDER_ID"
    /// `INVALID_OAUTH_CLIENT_ID`: the OAuth client ID does not belong to the API key's project.
    case invalidOAuthClientID = "INVALID_OAUTH_CLIENT_ID"
    /// `MISSING_API_KEY`; also the emulator's 403 "The request is missing a valid API key."
    case missingAPIKey = "MISSING_API_KEY"
    /// Derived from `errors[].reason` starting `keyInvalid` (or `API_KEY_INVALID`): the API key is wrong.
    case invalidAPIKey = "API_KEY_INVALID"
    /// Derived from `errors[].reason` `ipRefererBlocked` (or an `API_KEY_…_BLOCKED` reason): the key is
    /// restricted and this client is not allowed.
    case appNotAuthorized = "APP_NOT_AUTHORIZED"
    /// `INSUFFICIENT_PERMISSION`.
    case insufficientPermission = "INSUFFICIENT_PERMISSION"
    /// `ADMIN_ONLY_OPERATION`: the project only lets administrators do this (for example sign-up).
    case adminOnlyOperation = "ADMIN_ONLY_OPERATION"
    /// `BLOCKING_FUNCTION_ERROR_RESPONSE`: a blocking Cloud Function refused the sign-in.
    case blockingFunctionErrorResponse = "BLOCKING_FUNCTION_ERROR_RESPONSE"

    // MARK: Accounts
    /// `FEDERATED_USER_ID_ALREADY_LINKED`: the provider account belongs to another user.
    case federatedUserIDAlreadyLinked = "FEDERATED_USER_ID_ALREADY_LINKED"
    /// `EMAIL_EXISTS`.
    case emailExists = "EMAIL_EXISTS"
    /// `PHONE_NUMBER_EXISTS`: the number is another account's, e.g. when a `temporaryProof` is used to link it
    /// to the signed-in user. The Auth Emulator sends it and the Admin SDKs map it; the web SDK does not.
    case phoneNumberExists = "PHONE_NUMBER_EXISTS"
    /// `USER_DISABLED`.
    case userDisabled = "USER_DISABLED"
    /// `USER_NOT_FOUND`.
    case userNotFound = "USER_NOT_FOUND"
    /// `EMAIL_NOT_FOUND`.
    case emailNotFound = "EMAIL_NOT_FOUND"
    /// `INVALID_ID_TOKEN`: the session is no longer valid.
    case invalidIDToken = "INVALID_ID_TOKEN"
    /// `TOKEN_EXPIRED`.
    case tokenExpired = "TOKEN_EXPIRED"
    /// `INVALID_REFRESH_TOKEN`: the secure-token endpoint does not accept the stored refresh token.
    case invalidRefreshToken = "INVALID_REFRESH_TOKEN"
    /// `MISSING_REFRESH_TOKEN`.
    case missingRefreshToken = "MISSING_REFRESH_TOKEN"
    /// `CREDENTIAL_TOO_OLD_LOGIN_AGAIN`: a recent sign-in is required.
    case credentialTooOldLoginAgain = "CREDENTIAL_TOO_OLD_LOGIN_AGAIN"
    /// `EMAIL_CHANGE_NEEDS_VERIFICATION`.
    case emailChangeNeedsVerification = "EMAIL_CHANGE_NEEDS_VERIFICATION"

    // MARK: Email and action links
    /// `INVALID_EMAIL`; the emulator also uses it when the email does not match the link.
    case invalidEmail = "INVALID_EMAIL"
    /// `INVALID_IDENTIFIER` (from `createAuthUri`).
    case invalidIdentifier = "INVALID_IDENTIFIER"
    /// `MISSING_EMAIL`.
    case missingEmail = "MISSING_EMAIL"
    /// `INVALID_OOB_CODE`: the link's code is invalid or was already used.
    case invalidOobCode = "INVALID_OOB_CODE"
    /// `EXPIRED_OOB_CODE`.
    case expiredOobCode = "EXPIRED_OOB_CODE"
    /// `MISSING_OOB_CODE`.
    case missingOobCode = "MISSING_OOB_CODE"
    /// `MISSING_REQ_TYPE`.
    case missingReqType = "MISSING_REQ_TYPE"
    /// `MISSING_CONTINUE_URI`.
    case missingContinueURI = "MISSING_CONTINUE_URI"
    /// `INVALID_CONTINUE_URI`: not an absolute URL.
    case invalidContinueURI = "INVALID_CONTINUE_URI"
    /// `UNAUTHORIZED_DOMAIN`: the continue URL's domain is not authorized.
    case unauthorizedDomain = "UNAUTHORIZED_DOMAIN"
    /// `INVALID_HOSTING_LINK_DOMAIN`.
    case invalidHostingLinkDomain = "INVALID_HOSTING_LINK_DOMAIN"
    /// `DYNAMIC_LINK_NOT_ACTIVATED` (legacy Dynamic Links).
    case dynamicLinkNotActivated = "DYNAMIC_LINK_NOT_ACTIVATED"
    /// `INVALID_DYNAMIC_LINK_DOMAIN` (legacy Dynamic Links).
    case invalidDynamicLinkDomain = "INVALID_DYNAMIC_LINK_DOMAIN"
    /// `MISSING_IOS_BUNDLE_ID`.
    case missingIOSBundleID = "MISSING_IOS_BUNDLE_ID"
    /// `MISSING_ANDROID_PACKAGE_NAME`.
    case missingAndroidPackageName = "MISSING_ANDROID_PACKAGE_NAME"
    /// `INVALID_MESSAGE_PAYLOAD`: the project's email template is invalid.
    case invalidMessagePayload = "INVALID_MESSAGE_PAYLOAD"
    /// `INVALID_SENDER`: the project's email sender is invalid.
    case invalidSender = "INVALID_SENDER"
    /// `INVALID_RECIPIENT_EMAIL`.
    case invalidRecipientEmail = "INVALID_RECIPIENT_EMAIL"

    // MARK: Tenants
    /// `TENANT_ID_MISMATCH`.
    case tenantIDMismatch = "TENANT_ID_MISMATCH"
    /// `INVALID_TENANT_ID`.
    case invalidTenantID = "INVALID_TENANT_ID"
    /// `UNSUPPORTED_TENANT_OPERATION`.
    case unsupportedTenantOperation = "UNSUPPORTED_TENANT_OPERATION"

    // MARK: Multi-factor
    /// `SECOND_FACTOR_EXISTS`.
    case secondFactorExists = "SECOND_FACTOR_EXISTS"
    /// `SECOND_FACTOR_LIMIT_EXCEEDED`.
    case secondFactorLimitExceeded = "SECOND_FACTOR_LIMIT_EXCEEDED"
    /// `UNSUPPORTED_FIRST_FACTOR`: this kind of account cannot add a second factor.
    case unsupportedFirstFactor = "UNSUPPORTED_FIRST_FACTOR"
    /// `UNVERIFIED_EMAIL`: multi-factor enrollment needs a verified email.
    case unverifiedEmail = "UNVERIFIED_EMAIL"
    /// `INVALID_MFA_PENDING_CREDENTIAL`.
    case invalidMFAPendingCredential = "INVALID_MFA_PENDING_CREDENTIAL"
    /// `MISSING_MFA_PENDING_CREDENTIAL`.
    case missingMFAPendingCredential = "MISSING_MFA_PENDING_CREDENTIAL"
    /// `MFA_ENROLLMENT_NOT_FOUND`.
    case mfaEnrollmentNotFound = "MFA_ENROLLMENT_NOT_FOUND"
    /// `MISSING_MFA_ENROLLMENT_ID`.
    case missingMFAEnrollmentID = "MISSING_MFA_ENROLLMENT_ID"
    /// `TOTP_NOT_ENABLED`: the project does not offer TOTP second factors (some replies say
    /// `OPERATION_NOT_ALLOWED` instead).
    case totpNotEnabled = "TOTP_NOT_ENABLED"

    // MARK: Emulator input checks
    /// `MISSING_REQUEST_URI` (emulator).
    case missingRequestURI = "MISSING_REQUEST_URI"
    /// `INVALID_REQUEST_URI` (emulator).
    case invalidRequestURI = "INVALID_REQUEST_URI"
    /// `INVALID_CREDENTIAL_OR_PROVIDER_ID` (emulator).
    case invalidCredentialOrProviderID = "INVALID_CREDENTIAL_OR_PROVIDER_ID"
    /// Derived from HTTP 501 or `status: "NOT_IMPLEMENTED"`: the emulator does not implement this call
    /// ("… is not yet supported.").
    case notImplemented = "NOT_IMPLEMENTED"

    // MARK: App Check
    /// Derived from HTTP 401 with the message "Firebase App Check token is invalid.": the project enforces App
    /// Check for Authentication and the request carried no valid `X-Firebase-AppCheck` token.
    case appCheckTokenInvalid = "APP_CHECK_TOKEN_INVALID"
}
