import AuthflowCore
import AuthflowIdentityToolkit
import AuthflowLocalization

/// Phone sign-in's failures with the CLI's flags and commands.
extension PhoneSignInError {
    var cliMessage: String {
        switch self {
        case .verifierUnavailable(let problem):
            return problem.cliMessage
        case .browser(let error):
            return error.cliMessage
        case .sendFailed(let error):
            if let code = error.serverError?.code, Self.enterpriseFieldCodes.contains(code) {
                return localized(
                    "Firebase refused the reCAPTCHA Enterprise fields (\(code.rawValue)). If the project enforces "
                        + "reCAPTCHA Enterprise for phone sign-in, use the loopback route (--verifier loopback), which "
                        + "runs it in the browser; otherwise check the project's reCAPTCHA settings. No SMS was sent.")
            }
            if error.isBackendUnavailable || error.serverError == nil { return error.cliMessage }
            return localized("\(error.cliMessage) No SMS was sent.")
        case .codeNeeded(let sent):
            return localized(
                "The SMS code was sent to \(sent.recipient), but no code was given (no --code, --code-command, page "
                    + "or terminal). Finish with `\(sent.flow.resumeCommand)`.")
        case .codeTimedOut(let sent, let limit):
            return localized(
                "No SMS code arrived within \(limit.components.seconds) seconds. The verification is saved: finish "
                    + "with `\(sent.flow.resumeCommand)`.")
        case .codeCommand(let failure):
            return failure.cliMessage
        case .wrongCode(let server, let number):
            return localized(
                "\(server.cliMessage) The verification is kept: run `authflow phone verify --code CODE --phone "
                    + "\(number)` with the right code, or `authflow phone sign-in \(number) --resend` for a new SMS.")
        case .verificationExpired(let server, let number):
            return localized(
                "\(server.cliMessage) Start again with `\(SMSCodeFlow.phoneSignIn(number).restartCommand)`.")
        case .noPendingVerification(let number, let project):
            if let number {
                return localized(
                    "No phone verification is waiting for a code for \(number) in \(project.cliLabel). Start one with "
                        + "`authflow phone sign-in +NUMBER`.")
            }
            return localized(
                "No phone verification is waiting for a code in \(project.cliLabel). Start one with "
                    + "`authflow phone sign-in +NUMBER`.")
        case .severalPending(let numbers):
            let list = numbers.map(\.e164).joined(separator: ", ")
            return localized(
                "Several phone verifications are waiting for a code (\(list)); pass --phone NUMBER to pick one.")
        case .otherUser(let startedFor, let signedIn):
            if let signedIn {
                return localized(
                    "This verification was started for uid \(startedFor), but uid \(signedIn) is signed in now. "
                        + "Sign in as that user again, or start over with `authflow phone sign-in`.")
            }
            return localized(
                "This verification was started for uid \(startedFor), but nobody is signed in now. Sign in as "
                    + "that user again, or start over with `authflow phone sign-in`.")
        case .session(let error):
            return error.cliMessage
        case .signIn(let error):
            return error.cliMessage
        case .invalidNumber(let error):
            return error.cliMessage
        case .interrupted:
            return localized("Cancelled; no SMS was sent.")
        case .lookupFailed(let error):
            return localized("Could not read the project's phone sign-in settings: \(error.cliMessage)")
        case .hostedPage(let error):
            return localized("The reCAPTCHA page reported an error: \(error.cliExplanation) No SMS was sent.")
        case .hostedPageUnknown(let url):
            return localized("The reCAPTCHA page gave an answer authflow does not know: \(url) No SMS was sent.")
        case .recaptchaPage(let failure):
            return localized("\(failure.cliMessage) No SMS was sent.")
        }
    }
}

extension PhoneVerifierProblem {
    /// The problem naming the flags that configure the route.
    var cliMessage: String {
        switch self {
        case .hostedNeedsIOSApp(let missing):
            let settings = missing.map(\.phoneSettingName).joined(separator: localized(" and "))
            return localized(
                "The hosted reCAPTCHA route needs \(settings), as in the iOS app's GoogleService-Info.plist "
                    + "(pass it with --config).")
        case .hostedUnderEnterpriseEnforcement:
            return localized(
                "This project enforces reCAPTCHA Enterprise for phone sign-in, and the hosted page only gives "
                    + "reCAPTCHA v2 tokens. Use --verifier loopback.")
        case .localhostNotAuthorized(let projectID, let hostedAvailable):
            return Self.localhostMissing(projectID: projectID)
                + (hostedAvailable
                    ? localized(". Or use the hosted page: --verifier hosted.")
                    : localized(
                        ". Or configure the hosted page with the iOS app's --client-id (or --app-id) and "
                            + "--ios-bundle-id."))
        case .answerLacksToken:
            return localized("The reCAPTCHA answer lacked a token this project needs; run the command again.")
        case .authDomain(let error):
            return error.cliMessage
        case .pageUnavailable(let error):
            return localized("The reCAPTCHA page cannot be shown: \(error.cliMessage)")
        case .enterpriseSiteKeyMissing:
            return localized(
                "This project enforces reCAPTCHA Enterprise for phone sign-in but sent no Enterprise site key; "
                    + "check the reCAPTCHA settings under Authentication → Settings in the Firebase console.")
        }
    }
}

extension PhoneVerificationPlan.Reason {
    /// Why the route was taken, naming the flags a missing setting comes from.
    var cliMessage: String {
        switch self {
        case .hostedNeedsIOSApp(let missing):
            localized(
                "the hosted page would need \(missing.map(\.phoneSettingName).joined(separator: localized(" and ")))")
        case .requested:
            localized("as requested")
        case .emulator:
            localized("the Auth Emulator does not check app verification")
        case .testMode:
            localized(
                "app verification is disabled for testing (it only works with the project's fictional test numbers)")
        case .iosAppConfigured:
            localized("the iOS app's client or app ID and bundle ID are configured")
        case .enterpriseEnforced:
            localized("the project enforces reCAPTCHA Enterprise, which only this page can run")
        }
    }
}

extension IOSAppSetting {
    /// The setting as the phone messages name it, with its flags.
    var phoneSettingName: String {
        switch self {
        case .clientOrAppID: localized("the iOS client ID (--client-id) or app ID (--app-id)")
        case .bundleID: localized("the iOS bundle ID (--ios-bundle-id)")
        }
    }

    /// The setting as the Apple messages name it, with its flags.
    var appleSettingName: String {
        switch self {
        case .clientOrAppID: localized("the iOS app's OAuth client ID (--client-id) or app ID (--app-id)")
        case .bundleID: localized("its bundle ID (--ios-bundle-id)")
        }
    }
}

extension PhoneNumberError {
    /// The refusal of a number not in E.164 form, with the spelling it probably means.
    var cliMessage: String {
        let empty = given.allSatisfy(\.isWhitespace)
        switch (empty, suggestion) {
        case (true, _):
            return localized(
                "An empty phone number is not a phone number in E.164 form (+, the country code, then the number, "
                    + "digits only). Add + and the country code, e.g. +16505553434 or +447700900123.")
        case (false, let suggestion?):
            return localized(
                "\"\(given)\" is not a phone number in E.164 form (+, the country code, then the number, digits only). "
                    + "Did you mean \(suggestion)?")
        case (false, nil):
            return localized(
                "\"\(given)\" is not a phone number in E.164 form (+, the country code, then the number, digits only). "
                    + "Add + and the country code, e.g. +16505553434 or +447700900123.")
        }
    }
}

extension RecaptchaPageFailure {
    /// What the loopback reCAPTCHA page reported, in the language in force.
    var cliMessage: String {
        switch self {
        case .scriptDidNotLoad:
            localized(
                "The reCAPTCHA script did not load in the browser within 30 seconds (offline, blocked by an "
                    + "extension, or a network that blocks www.google.com).")
        case .answerExpired:
            localized("The reCAPTCHA answer expired before it was sent; run the command again.")
        case .other(let code):
            localized("The reCAPTCHA page reported an error (\(code)).")
        }
    }
}
