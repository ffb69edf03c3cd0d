import AuthflowCore
import AuthflowLocalization

/// OAuth provider sign-in's failures with the CLI's flags and commands.
extension OAuthSignInError {
    var cliMessage: String {
        switch self {
        case .notConfigured(let missing):
            let settings = missing.map(\.appleSettingName).joined(separator: localized(" and "))
            return localized(
                "The hosted sign-in page returns to an iOS app's custom scheme, so it needs \(settings) "
                    + "(a GoogleService-Info.plist has both).")
        case .authDomain(let error):
            return error.cliMessage
        case .browser(let error):
            return error.cliMessage
        case .interrupted:
            return localized("Cancelled; nothing was signed in.")
        case .page(let error, let provider):
            if error.code == "auth/user-cancelled" || error.code == "auth/web-context-cancelled" {
                return
                    localized(
                        "The \(provider.id) sign-in page reported an error: the sign-in was cancelled "
                            + "(\(error.code ?? "")). "
                            + "Nothing was signed in; run the command again to retry.")
            }
            return localized(
                "The \(provider.id) sign-in page reported an error: \(error.cliExplanation) Nothing was "
                    + "signed in.")
        case .pageUnknown(let url):
            return localized("An unknown error occurred with the following response: \(url) Nothing was signed in.")
        case .credentialRejected(let server):
            return localized(
                "Firebase rejected the provider's response (\(server.rawCode ?? "INVALID_IDP_RESPONSE")): "
                    + "\(server.cliMessage) Nothing was signed in; run the command again (a kept credential is used "
                    + "once)."
            )
        case .providerDisabled(let provider, let server):
            return localized(
                "Firebase refused \(provider.id) (\(server.rawCode ?? server.cliMessage)): enable the provider in the "
                    + "Firebase console (Authentication › Sign-in method) and give it the client ID and secret the "
                    + "provider issued for this project.")
        case .cancelled:
            return localized(
                "The sign-in was cancelled at the provider, or the requested permissions were not granted. Nothing "
                    + "changed; run the command again to retry.")
        case .collision(let collision, _):
            return Self.words(collision)
        case .noPendingCredential(let project):
            return localized(
                "No pending provider credential is waiting in \(project.cliLabel) (one is kept for "
                    + "\(PendingOAuthCredential.lifetimeMinutes) minutes after an account collision, and used once). "
                    + "Run "
                    + "`authflow oauth sign-in --provider P` instead.")
        case .pendingForOtherProvider(let saved, let asked):
            return localized(
                "The pending credential is for \(saved), not \(asked): pass `--provider \(saved)` with "
                    + "--pending.")
        case .notLinked(let provider, let linked):
            guard !linked.isEmpty else {
                return localized(
                    "The signed-in user has no \(provider) sign-in to unlink; it signs in with no provider authflow "
                        + "knows of.")
            }
            return localized(
                "The signed-in user has no \(provider) sign-in to unlink; it signs in with "
                    + "\(linked.joined(separator: ", ")).")
        case .session(let error):
            return error.cliMessage
        case .signIn(let error):
            return error.cliMessage
        case .localhostNotAuthorized(let projectID):
            let page = PhoneVerifierProblem.authorizedDomainsPage(projectID: projectID)
            return localized(
                "The web route's page runs the Firebase JS SDK at http://localhost, and localhost is not among this "
                    + "project's authorized domains, so the SDK would refuse it. In the Firebase console, open "
                    + "Authentication → Settings → Authorized domains (\(page)), choose Add domain and enter: "
                    + "localhost. Or use `--route hosted`.")
        case .webConfigMissing(let keys):
            let flags = keys.map(\.flag).joined(separator: localized(" and "))
            return localized(
                "The web route initialises the Firebase JS SDK with the project's web config and needs \(flags) "
                    + "(the web app's firebaseConfig has it).")
        case .webSDK(let code, let email, let provider):
            return Self.webWords(code: code, email: email, provider: provider)
        case .webSecondFactor(let hints):
            let factors = hints.map { $0.phoneNumber.map { localized("phone \($0)") } ?? $0.factorID }.joined(
                separator: ", ")
            return localized(
                "The account needs a second factor (\(factors)) that the page could not resolve (it asks for "
                    + "authenticator and SMS codes through the Firebase JS SDK). Use `--route hosted`, whose "
                    + "second-factor options finish it. Nothing was signed in.")
        case .webIDToken(let problem):
            return localized(
                "The page posted an ID token that is not this project's (\(Self.words(problem))); nothing was "
                    + "saved. Check --project-id and --api-key match the web app's firebaseConfig.")
        case .webLookupFailed(let error):
            return localized("Could not read the project's authorized domains: \(error.cliMessage)")
        case .webPageUnavailable(let error):
            return localized("The sign-in page cannot be shown: \(error.cliMessage)")
        case .deviceUnsupported(let provider):
            return Self.noDeviceRoute(provider)
        case .deviceClientMissing(let provider, let missing):
            let settings = missing.map { "\($0.flag) (\($0.environmentVariable))" }.joined(
                separator: localized(" and "))
            return localized(
                "The \(provider.id) device sign-in needs \(settings), or the same in your own configuration "
                    + "file; see \"Device sign-in\" in docs/oauth.md for the provider's console steps.")
        case .deviceDenied(let provider):
            return localized("The \(provider.id) sign-in was declined at the provider. Nothing was signed in.")
        case .deviceExpired(let provider):
            return localized(
                "The \(provider.id) code expired before it was approved. Nothing was signed in; run the command "
                    + "again for a new code.")
        case .deviceProvider(let problem, let provider):
            let failed = localized(
                "The \(provider.id) device sign-in failed: \(problem.cliMessage) Nothing was signed in.")
            guard problem.refusesClient else { return failed }
            return failed + " " + Self.deviceClientSetup(provider)
        }
    }

    /// What to set up at `provider` when it refuses the device client, and where the steps are.
    static func deviceClientSetup(_ provider: OAuthProvider) -> String {
        switch provider.family {
        case .github:
            localized(
                "The device client is not set up for it: on the GitHub OAuth app whose client ID you gave "
                    + "(--github-device-client-id), tick \"Enable Device Flow\" and save, and check the client ID; "
                    + "see \"Device sign-in\" in docs/oauth.md.")
        case .google:
            localized(
                "The device client is not set up for it: give the client ID and client secret of a Google OAuth "
                    + "client of type \"TVs and Limited Input devices\" (--google-device-client-id, "
                    + "--google-device-client-secret); see \"Device sign-in\" in docs/oauth.md.")
        case .facebook:
            localized(
                "The device client is not set up for it: turn on \"Login from Devices\" in the Facebook app's "
                    + "Facebook Login settings, and check --facebook-app-id and --facebook-client-token (App "
                    + "settings › Advanced › Security); see \"Device sign-in\" in docs/oauth.md.")
        case .oidc, .microsoft, .yahoo, .twitter, .apple, .saml:
            localized(
                "The device client is not set up for it: at the OIDC provider, allow the device authorization "
                    + "grant for the client --oidc-device-client-id names, and check that client ID; see \"Device "
                    + "sign-in\" in docs/oauth.md.")
        }
    }

    /// Why `provider` has no `--device` route, and the route that works for it.
    static func noDeviceRoute(_ provider: OAuthProvider) -> String {
        let route = OAuthRoute.standard(for: provider, emulator: false)
        return localized(
            "\(provider.id) has no device sign-in into Firebase (Firebase does not accept a token from its device "
                + "grant, or it has none): use --route \(route.rawValue) (with --no-browser on a machine without a "
                + "browser, then open the address it prints on another device).")
    }

    private static func webWords(code: String, email: String?, provider: OAuthProvider) -> String {
        switch code {
        case "auth/popup-closed-by-user", "auth/cancelled-popup-request", "auth/user-cancelled":
            return localized(
                "The \(provider.id) sign-in was cancelled in the browser (\(code)). Nothing was signed in; run "
                    + "the command again to retry.")
        case OAuthSignIn.missingCredentialCode:
            return localized(
                "The page signed in with \(provider.id) but the Firebase JS SDK gave no provider credential to "
                    + "link (\(code)); nothing was linked. Run the command again, or use `--link --route hosted`.")
        case "auth/operation-not-allowed":
            return localized(
                "Firebase refused \(provider.id) (\(code)): enable the provider in the Firebase console "
                    + "(Authentication › Sign-in method) and give it the client ID and secret the provider issued.")
        case "auth/unauthorized-domain":
            return localized(
                "Firebase refused the page's domain (\(code)): add localhost to the project's authorized "
                    + "domains.")
        case _ where OAuthSignIn.collisionKind(webCode: code) != nil:
            // Only the page says this: the flow goes on with the collision (it links, or keeps the credential).
            return localized(
                "The Firebase JS SDK reported an account collision (\(code)); the terminal says what happens next.")
        case "authflow/sdk-load-failed":
            return localized(
                "The page could not load the Firebase JS SDK. Check the network, or pass `--web-sdk-url` with a "
                    + "mirror or a local copy of the firebasejs directory.")
        default:
            return localized("The Firebase JS SDK refused the \(provider.id) sign-in (\(code)). Nothing was signed in.")
        }
    }

    private static func words(_ problem: WebIDTokenProblem) -> String {
        switch problem {
        case .unreadable: localized("it is not a JWT")
        case .wrongAudience(let found, let expected): localized("aud is \(found ?? "missing"), expected \(expected)")
        case .wrongIssuer(let found, let expected): localized("iss is \(found ?? "missing"), expected \(expected)")
        case .expired: localized("it has expired")
        }
    }

    private static func words(_ collision: OAuthCollision) -> String {
        let provider = collision.providerID
        let who = collision.email.map { " (\($0))" } ?? ""
        let existing = collision.existingProviders.filter { $0 != provider }
        let has =
            existing.isEmpty
            ? localized(
                "Firebase did not say which sign-in methods that account has (email-enumeration protection may hide "
                    + "them).")
            : localized("That account signs in with \(existing.joined(separator: ", ")).")
        let signInFirst = existing.first.map { signInCommand(for: $0) } ?? localized("sign in to that account")
        let kept =
            collision.savedCredential
            ? localized(
                " The \(provider) credential is kept on this machine for \(PendingOAuthCredential.lifetimeMinutes) "
                    + "minutes, used once.")
            : ""
        switch collision.kind {
        case .alreadyLinked:
            let next =
                collision.savedCredential
                ? localized(
                    " `authflow oauth sign-in --provider \(provider) --pending` signs in to that other account instead "
                        + "(replacing the current session); or unlink \(provider) from it first "
                        + "(`authflow oauth unlink --provider \(provider)` while signed in to it), then link again.")
                : localized(" Sign in to that account with \(provider) instead, or unlink \(provider) from it first.")
            return localized(
                "This \(provider) account is already linked to another Firebase user\(who); nothing was linked.")
                + kept + next
        case .emailExists, .needsConfirmation:
            let what =
                collision.kind == .emailExists
                ? localized(
                    "Another Firebase user already has this \(provider) account's email\(who); nothing "
                        + "was linked.")
                : localized(
                    "An account with this \(provider) account's email\(who) already exists and signs in another way; "
                        + "nothing was signed in.")
            let next =
                collision.savedCredential
                ? localized(
                    " Sign in to that account first (\(signInFirst)), then run `authflow oauth sign-in --provider "
                        + "\(provider) --link --pending` to add \(provider) to it without another browser round.")
                : localized(
                    " Sign in to that account first (\(signInFirst)), then `authflow oauth sign-in --provider "
                        + "\(provider) --link`.")
            return what + " " + has + kept + next
        }
    }

    private static func signInCommand(for provider: String) -> String {
        switch provider {
        case "password": localized("`authflow email sign-in EMAIL`")
        case "emailLink": localized("`authflow email-link send EMAIL`")
        case "phone": localized("`authflow phone sign-in +E164`")
        case "apple.com": localized("`authflow apple sign-in`")
        default: localized("`authflow oauth sign-in --provider \(provider)`")
        }
    }
}

extension DeviceGrantProblem {
    /// The provider's failure as a sentence; its own words are escaped where printed.
    var cliMessage: String {
        switch self {
        case .unreachable(let error):
            error.cliMessage
        case .refused(let error, let description):
            if let description {
                localized("the provider refused (\(error): \(description)).")
            } else {
                localized("the provider refused (\(error)).")
            }
        case .unexpectedAnswer(let status):
            localized("the provider's answer (HTTP \(status)) was not the documented JSON.")
        case .noDeviceEndpoint(let issuer):
            localized("the discovery document of \(issuer) names no device_authorization_endpoint or token_endpoint.")
        case .tokenMissing(let field):
            localized("the provider's answer holds no \(field).")
        }
    }
}
