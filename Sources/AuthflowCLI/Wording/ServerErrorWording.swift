import AuthflowIdentityToolkit
import AuthflowLocalization

/// The backend's refusals in the language in force: the guidance for the recognised code, then what the server
/// said (its code or detail, quoted as sent). The library's ``ServerError/message`` stays English for embedders.
extension ServerError {
    var cliMessage: String {
        guard let code else {
            let said = detail ?? rawCode ?? "-"
            if httpStatus >= 500 {
                return localized(
                    "The Firebase Auth backend failed (HTTP \(httpStatus): \(said)). Try again in a few minutes.")
            }
            return localized(
                "The Firebase Auth backend refused the request (HTTP \(httpStatus)). The server said: "
                    + "\(rawMessage.isEmpty ? said : rawMessage)")
        }
        if code == .blockingFunctionErrorResponse, let custom = blockingFunctionMessage ?? detail {
            return localized("The project's blocking function refused this sign-in. It said: \(custom)")
        }
        if code == .appNotAuthorized, let keyRestriction {
            return keyRestriction.cliMessage
        }
        guard let detail, detail != code.rawValue else { return code.cliGuidance }
        return localized("\(code.cliGuidance) The server said: \(detail)")
    }
}

extension ServerErrorCode {
    /// What went wrong and what to do next, without naming flags (a caller adds those where it knows them).
    var cliGuidance: String {
        switch self {
        case .invalidPhoneNumber:
            localized(
                "That phone number is not valid. Enter it in international format with the country code, e.g. "
                    + "+15551234567.")
        case .missingPhoneNumber:
            localized("No phone number was given. Enter one in international format, e.g. +15551234567.")
        case .quotaExceeded:
            localized(
                "This Firebase project has used up its SMS quota. Try again later, or raise the quota in the "
                    + "Firebase console.")
        case .tooManyAttemptsTryLater:
            localized(
                "Too many attempts from this device or number. Wait a while (often an hour) before trying again.")
        case .resetPasswordExceedLimit:
            localized("Too many password-reset emails were requested. Wait a while before asking for another.")
        case .invalidCode:
            localized("That SMS code is wrong. Check the latest message and try again.")
        case .missingCode:
            localized("No SMS code was given. Enter the code from the latest message.")
        case .invalidSessionInfo:
            localized("This verification attempt is no longer valid. Request a new SMS code and use that one.")
        case .missingSessionInfo:
            localized("The verification ID was missing from the request. Request a new SMS code and start again.")
        case .sessionExpired:
            localized("The SMS code has expired. Request a new code and enter it promptly.")
        case .invalidTemporaryProof:
            localized("The phone credential is no longer valid. Verify the phone number again with a new SMS code.")
        case .captchaCheckFailed:
            localized(
                "The reCAPTCHA check failed or expired (or ran on a domain the project does not authorize). Solve "
                    + "the reCAPTCHA again; if it keeps failing, add the page's domain to the authorized domains.")
        case .captchaRequired:
            localized("The server wants a captcha this client cannot show. Try again later or sign in another way.")
        case .missingAppCredential, .invalidAppCredential, .appNotVerified, .missingClientIdentifier,
            .missingIOSAppToken:
            localized(
                "The app verification (reCAPTCHA) was missing or rejected. Solve the reCAPTCHA again and resend the "
                    + "code.")
        case .missingRecaptchaToken, .invalidRecaptchaToken, .recaptchaNotEnabled, .invalidRecaptchaAction,
            .missingClientType, .missingRecaptchaVersion, .invalidRecaptchaVersion, .invalidReqType:
            localized(
                "This project requires reCAPTCHA Enterprise, which this client does not support. Set phone "
                    + "reCAPTCHA enforcement to OFF or AUDIT in the Firebase console, or use the Auth Emulator.")
        case .invalidIdpResponse:
            localized(
                "The identity provider's credential was rejected. Sign in with the provider again to get a fresh "
                    + "credential.")
        case .invalidPendingToken:
            localized("The pending sign-in has expired. Start the sign-in with the provider again.")
        case .invalidLoginCredentials:
            localized("The email or password is wrong. Check both and try again, or reset the password.")
        case .invalidPassword:
            localized("The password is wrong. Try again, or reset the password.")
        case .missingPassword:
            localized("No password was given. Enter the account's password.")
        case .weakPassword:
            localized("The password is too weak. Choose one with at least 6 characters.")
        case .passwordDoesNotMeetRequirements:
            localized(
                "The password does not meet this project's password policy. Choose one that satisfies every listed "
                    + "requirement.")
        case .missingOrInvalidNonce:
            localized(
                "The sign-in nonce does not match the ID token. Start the Apple (or OpenID) sign-in again so a fresh "
                    + "nonce is used.")
        case .userCancelled:
            localized(
                "The sign-in was cancelled at the identity provider, or the requested permissions were not granted. "
                    + "Start the sign-in again and allow it.")
        case .operationNotAllowed, .passwordLoginDisabled:
            localized(
                "This sign-in method is disabled for the project. Enable it under Authentication → Sign-in method in "
                    + "the Firebase console.")
        case .invalidProviderID:
            localized(
                "The sign-in provider ID is not recognised. Check the provider (e.g. apple.com) and that it is "
                    + "enabled in the project.")
        case .invalidOAuthClientID:
            localized(
                "The OAuth client ID does not belong to this API key's project. Use the client or app ID from the "
                    + "same Firebase project.")
        case .missingAPIKey:
            localized(
                "The request had no valid API key. Set the project's Web API key (Project settings → General in the "
                    + "Firebase console).")
        case .invalidAPIKey:
            localized(
                "The API key is not valid. Copy the Web API key again from Project settings → General in the "
                    + "Firebase console.")
        case .appCheckTokenInvalid:
            localized(
                "The project enforces Firebase App Check for Authentication and this request had no valid App Check "
                    + "token.")
        case .appNotAuthorized:
            localized(
                "This API key is restricted and does not allow this client. Lift the key's application restrictions "
                    + "in the Google Cloud console, or use an unrestricted key.")
        case .insufficientPermission:
            localized(
                "The request needs administrator rights this client does not have. Use a client-level call instead.")
        case .adminOnlyOperation:
            localized(
                "The project only lets administrators do this (for example, self sign-up is disabled). Ask the "
                    + "project owner to create or change the account.")
        case .blockingFunctionErrorResponse:
            localized("The project's blocking function refused this sign-in. Ask the project owner why.")
        case .federatedUserIDAlreadyLinked:
            localized(
                "This provider account is already linked to a different user. Sign in to that account instead, or "
                    + "unlink it there first.")
        case .emailExists:
            localized("An account with this email already exists. Sign in to it instead, or use another email.")
        case .phoneNumberExists:
            localized(
                "This phone number is already used by another account. Sign in with the number to use that "
                    + "account, or verify a different number.")
        case .userDisabled:
            localized("This account has been disabled by an administrator. Contact the project owner.")
        case .userNotFound:
            localized(
                "No account matches this request; it may have been deleted. Sign in again or create a new account.")
        case .emailNotFound:
            localized("There is no account with this email. Check the address or create an account.")
        case .invalidIDToken, .tokenExpired, .invalidRefreshToken, .missingRefreshToken:
            localized("The saved session is no longer valid. Sign in again.")
        case .credentialTooOldLoginAgain:
            localized("This change needs a recent sign-in. Sign in again, then retry.")
        case .emailChangeNeedsVerification:
            localized(
                "The new email address must be verified first. Open the verification link sent to it, then retry.")
        case .invalidEmail, .invalidIdentifier:
            localized(
                "The email address is not valid for this request. Check it for typos and that it is the address the "
                    + "link was sent to.")
        case .missingEmail:
            localized("No email address was given. Enter the account's email.")
        case .invalidOobCode:
            localized(
                "This email link is invalid or has already been used. Request a new link and open only the latest "
                    + "one.")
        case .expiredOobCode:
            localized("This email link has expired. Request a new one.")
        case .missingOobCode:
            localized(
                "The link's code was missing from the request. Paste the whole link from the email and try again.")
        case .missingReqType:
            localized("The email request type was missing. This is a bug in authflow; please report it.")
        case .missingContinueURI:
            localized(
                "A continue URL is required for this email. Configure one (an absolute https URL on an authorized "
                    + "domain).")
        case .invalidContinueURI:
            localized("The continue URL is not valid. Use an absolute URL such as https://example.com/done.")
        case .unauthorizedDomain:
            localized(
                "The continue URL's domain is not authorized. Add it under Authentication → Settings → Authorized "
                    + "domains in the Firebase console.")
        case .invalidHostingLinkDomain:
            localized(
                "The link domain is not a Firebase Hosting domain of this project. Use one of the project's custom "
                    + "Hosting domains, or leave the link domain unset.")
        case .dynamicLinkNotActivated, .invalidDynamicLinkDomain:
            localized(
                "The Dynamic Links domain is not usable (Firebase Dynamic Links has shut down). Remove the dynamic "
                    + "link domain and use a Hosting link domain instead.")
        case .missingIOSBundleID:
            localized("An iOS bundle ID is required with these link settings. Set one, or drop the iOS settings.")
        case .missingAndroidPackageName:
            localized(
                "An Android package name is required with these link settings. Set one, or drop the Android "
                    + "settings.")
        case .invalidMessagePayload, .invalidSender:
            localized(
                "The project's email template or sender is invalid, so the email could not be sent. Fix the "
                    + "template under Authentication → Templates.")
        case .invalidRecipientEmail:
            localized("The email could not be delivered to this address. Check the address or use another one.")
        case .tenantIDMismatch:
            localized(
                "The link or credential belongs to a different tenant than the one configured. Use the matching "
                    + "tenant ID.")
        case .invalidTenantID:
            localized("The tenant ID is not valid for this project. Check the tenant ID.")
        case .unsupportedTenantOperation:
            localized(
                "This operation is not supported for tenants. Run it without a tenant ID or in the default tenant.")
        case .secondFactorExists:
            localized("This second factor is already enrolled on the account.")
        case .secondFactorLimitExceeded:
            localized(
                "The account already has the maximum number of second factors. Remove one before adding another.")
        case .unsupportedFirstFactor:
            localized(
                "This kind of account cannot add a second factor. Sign in with email or a federated provider first.")
        case .unverifiedEmail:
            localized("Verify the account's email address before enrolling a second factor.")
        case .invalidMFAPendingCredential, .missingMFAPendingCredential:
            localized("The multi-factor sign-in session expired or is invalid. Sign in again from the first step.")
        case .mfaEnrollmentNotFound:
            localized(
                "That second factor is not enrolled on this account. Choose one of the factors listed for the "
                    + "account.")
        case .missingMFAEnrollmentID:
            localized("No second factor was chosen. Pick one of the account's enrolled factors.")
        case .totpNotEnabled:
            localized(
                "TOTP second factors are not enabled for this project. Enable them in Identity Platform's MFA "
                    + "settings.")
        case .missingRequestURI, .invalidRequestURI, .invalidCredentialOrProviderID:
            localized(
                "The Auth Emulator rejected the sign-in request as malformed. This is a bug in authflow; please "
                    + "report it.")
        case .notImplemented:
            localized(
                "The Auth Emulator does not support this operation. Use a production project, or another sign-in "
                    + "method.")
        }
    }
}
