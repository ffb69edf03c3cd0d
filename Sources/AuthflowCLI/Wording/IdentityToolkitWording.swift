import AuthflowIdentityToolkit
import AuthflowLocalization

/// The REST client's failures in the language in force. What the server said is quoted after the CLI's own
/// sentence (``ServerError/cliMessage``); libcurl's text follows the translated transport error.
extension IdentityToolkitError {
    var cliMessage: String {
        switch self {
        case .network(let error):
            return localized("Could not reach Firebase Auth: \(error.cliMessage)")
        case .server(let error):
            return error.cliMessage
        case .unavailable(let status, let excerpt):
            let shown = excerpt.isEmpty ? "" : ": \(excerpt)"
            if status == 429 {
                return localized(
                    "The Firebase Auth backend is limiting requests (HTTP 429\(shown)). Wait a minute, then try "
                        + "again.")
            }
            return localized(
                "The Firebase Auth backend is unavailable (HTTP \(status)\(shown)). Try again in a few minutes.")
        case .malformedResponse(let response):
            let shown = response.excerpt.isEmpty ? "" : " (\(response.excerpt))"
            return localized(
                "Firebase Auth sent a reply authflow cannot use (HTTP \(response.status)): "
                    + "\(response.problem.cliMessage)\(shown). Check that --emulator or the configured backend "
                    + "points at Firebase Auth or its emulator.")
        case .invalidRequest(let reason):
            return reason.cliMessage
        case .redirected(let redirect):
            return redirect.cliMessage
        case .appCheck(let failure):
            return failure.cliMessage
        }
    }
}

extension RefusedRedirect {
    /// What happened and what to check, naming the status and the target's host.
    var cliMessage: String {
        if let locationHost {
            return localized(
                "Firebase Auth answered with a redirect (HTTP \(status)) to \(locationHost). Redirects are never "
                    + "followed, so nothing was sent there and nothing was saved. Check the backend address, proxy "
                    + "settings and network: Firebase Auth itself does not redirect these calls.")
        }
        return localized(
            "Firebase Auth answered with a redirect (HTTP \(status)). Redirects are never followed, so nothing was "
                + "sent anywhere else and nothing was saved. Check the backend address, proxy settings and network: "
                + "Firebase Auth itself does not redirect these calls.")
    }
}

extension InvalidRequestReason {
    /// What was missing and what to do, without naming flags.
    var cliMessage: String {
        switch self {
        case .missingAPIKey:
            localized(
                "No API key is configured. Pass --api-key with the project's Web API key (any non-empty value works "
                    + "with the Auth Emulator).")
        case .unencodable(let requestType):
            localized(
                "The \(requestType) request could not be encoded as JSON. This is a bug in authflow; please "
                    + "report it.")
        case .missingPhoneNumber: localized("Enter a phone number, e.g. +15551234567.")
        case .missingRecaptchaClientType:
            localized("reCAPTCHA Enterprise fields need a client type (for example CLIENT_TYPE_WEB).")
        case .missingVerificationID: localized("The verification ID is empty. Request a new SMS code.")
        case .missingSMSCode: localized("Enter the code from the SMS.")
        case .missingTemporaryProof:
            localized("The temporary proof or its phone number is empty. Verify the number again.")
        case .missingMultiFactorSession:
            localized("The multi-factor session is missing. Sign in again from the first step.")
        case .missingSecondFactor: localized("Choose one of the account's second factors.")
        case .missingAuthenticatorCode: localized("Enter the code the authenticator app shows.")
        case .missingTOTPSession: localized("The TOTP enrolment session is empty. Start again.")
        case .missingRequestURI:
            localized("signInWithIdp needs a request URI (the callback link, or http://localhost).")
        case .missingRecaptchaEnterpriseToken: localized("The reCAPTCHA Enterprise token is empty.")
        case .missingAppCheckDebugToken: localized("The App Check debug token is empty.")
        case .missingEmail: localized("Enter the email address.")
        case .missingLinkCode: localized("The link has no code. Paste the whole link from the email.")
        case .missingContinueURL: localized("An email sign-in link needs a continue URL on an authorized domain.")
        case .linkNotHandledInApp: localized("An email sign-in link must set canHandleCodeInApp to true.")
        case .missingAccountCredential:
            localized("An account update needs the user's ID token, or the code from an emailed link. Sign in first.")
        case .missingRefreshToken: localized("There is no refresh token; sign in again.")
        }
    }
}

extension MalformedResponse.Problem {
    /// What is wrong with the reply, as a clause without final punctuation.
    var cliMessage: String {
        switch self {
        case .notJSON: localized("the reply is not JSON")
        case .notJSONObject: localized("the reply is not a JSON object")
        case .missing(let field): localized("\"\(field)\" is missing")
        case .unexpectedValue(let field): localized("\"\(field)\" has an unexpected value")
        case .undecodable: localized("the reply could not be decoded")
        case .noErrorObject: localized("the error reply has no \"error\" object")
        }
    }
}
