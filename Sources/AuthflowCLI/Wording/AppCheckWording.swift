import AuthflowCore
import AuthflowIdentityToolkit
import AuthflowListener
import AuthflowLocalization

/// App Check failures with the CLI's flags and variables.
enum AppCheckWording {
    /// The three ways to give authflow an App Check token, as one sentence's end.
    static var threeWays: String {
        localized(
            "Provide a token in one of three ways: --app-check-debug-token TOKEN "
                + "(FIREBASE_APP_CHECK_DEBUG_TOKEN), a debug token registered in the Firebase console under App Check, "
                + "with --app-id; --app-check-token-command CMD (AUTHFLOW_APP_CHECK_TOKEN_COMMAND), a command that "
                + "prints a token your backend minted; or --app-check-site-key KEY (AUTHFLOW_APP_CHECK_SITE_KEY) with "
                + "--app-id, so the browser page gets one with reCAPTCHA Enterprise. authflow.json can set them as "
                + "appCheckDebugToken, appCheckTokenCommand and appCheckSiteKey.")
    }

    /// The refusal of a request that carried no App Check token, by a project that enforces App Check.
    static var enforced: String {
        localized(
            "This project enforces Firebase App Check for Authentication, and authflow sent no App Check token. ")
            + threeWays
    }

    /// The refusal of the SDKs' placeholder, sent because no token could be obtained (already warned about).
    static var placeholderRefused: String {
        localized(
            "This project enforces Firebase App Check for Authentication, and authflow could not obtain an App "
                + "Check token (see the warning above). ")
            + threeWays
    }

    /// The one warning line printed when requests go on with the placeholder token.
    static func placeholderWarning(_ failure: AppCheckFailure) -> String {
        localized(
            "authflow: warning: \(failure.cliMessage) Requests carry App Check's placeholder token instead, as the "
                + "Firebase SDKs send it; a project that enforces App Check refuses them.")
    }

    /// Against an Auth emulator with a source configured and no App Check URL: nothing is exchanged or sent.
    static var emulatorWithoutURL: String {
        localized(
            "Against an Auth emulator authflow makes no App Check exchange and sends no App Check token (the "
                + "emulator has no App Check). Name an App Check endpoint with --app-check-url URL "
                + "(AUTHFLOW_APP_CHECK_URL) to use one; requests go to URL/v1/projects/….")
    }

    /// The flag that configures `source`.
    static func flag(_ source: AppCheckSource) -> String {
        switch source {
        case .debugToken: "--app-check-debug-token"
        case .tokenCommand: "--app-check-token-command"
        case .recaptchaEnterprise: "--app-check-site-key"
        }
    }
}

extension AppCheckFailure {
    var cliMessage: String {
        let flag = AppCheckWording.flag(source)
        switch problem {
        case .missingAppID:
            return localized(
                "\(flag) needs the Firebase app ID registered with App Check: pass --app-id, set FIREBASE_APP_ID, "
                    + "or add appId to authflow.json (the console shows it under Project settings → Your apps).")
        case .missingProjectID:
            return localized("\(flag) needs the Firebase project ID: pass --project-id or set FIREBASE_PROJECT_ID.")
        case .exchangeFailed(let error):
            if let server = error.serverError, server.category != .serverUnavailable {
                return localized(
                    "App Check refused the token from \(flag) (\(server.cliMessage)) Check that the debug token "
                        + "is registered for this app (App Check → Apps → Manage debug tokens) and that --app-id names "
                        + "that app.")
            }
            return localized("No App Check token: the exchange for \(flag) failed. \(error.cliMessage)")
        case .commandNotStarted, .commandTimedOut, .commandFailed, .commandOutputUnusable, .commandTokenExpired:
            return commandProblem + " "
                + localized(
                    "Check the command given with \(flag) (or AUTHFLOW_APP_CHECK_TOKEN_COMMAND): it "
                        + "must print a token, or JSON {\"token\": …, \"expiresAt\"|\"ttl\": …}.")
        case .browserUnavailable:
            return localized(
                "\(flag) gets App Check tokens in the browser, and this command opens none. Run `authflow "
                    + "app-check token` with the same settings first (it opens the page and caches a token), or use "
                    + "--app-check-debug-token or --app-check-token-command on machines without a browser.")
        case .pageFailed(let error):
            return localized("No App Check token: the browser page for \(flag) failed: \(Self.pageMessage(error))")
        case .placeholderRefused:
            return AppCheckWording.placeholderRefused
        case .rejected:
            return localized(
                "The project refused the App Check token from \(flag); it may be for another app or project. "
                    + "Check --app-id and the token source, then try again (the refused token was forgotten).")
        }
    }

    /// The page layer's error (the page's own report, the listener's, the template's) as the CLI words it.
    private static func pageMessage(_ error: any Error & CustomStringConvertible) -> String {
        switch error {
        case let error as RecaptchaProtectionError: error.cliMessage
        case let error as RedirectListenerError: error.cliMessage
        case let error as TemplateError: error.cliMessage
        default: error.description
        }
    }

    /// What went wrong with the token command, in the language in force.
    private var commandProblem: String {
        switch problem {
        case .commandNotStarted(let reason):
            localized("No App Check token: the token command could not be started (\(reason.cliMessage)).")
        case .commandTimedOut(let limit):
            localized(
                one: "No App Check token: the token command printed nothing within \(limit.components.seconds) "
                    + "second.",
                other: "No App Check token: the token command printed nothing within \(limit.components.seconds) "
                    + "seconds.",
                count: Int(limit.components.seconds))
        case .commandFailed(let status, true):
            localized("No App Check token: the token command was killed by signal \(status).")
        case .commandFailed(let status, false):
            localized("No App Check token: the token command exited with status \(status).")
        case .commandOutputUnusable(let output):
            localized("No App Check token: the token command printed no usable token (\(output.cliMessage)).")
        default:
            localized("No App Check token: the token the command printed has already expired.")
        }
    }

    /// The documented exit status: configuration and input problems are 2, an unreachable App Check service 3.
    var exitStatus: AuthflowExitCode {
        switch problem {
        case .exchangeFailed(let error):
            if let server = error.serverError, server.category != .serverUnavailable { return .usage }
            return .unavailable
        case .pageFailed:
            return .unavailable
        default:
            return .usage
        }
    }
}

extension IdentityToolkitError {
    /// Whether this is an App Check problem, whose CLI message must not be replaced by a flow's own words.
    var isAppCheckProblem: Bool {
        switch self {
        case .appCheck: true
        case .server(let server): server.code == .appCheckTokenInvalid
        default: false
        }
    }
}

extension AppCheckFailure.UnusableOutput {
    var cliMessage: String {
        switch self {
        case .empty: localized("it printed nothing")
        case .notJSONObject: localized("the output starts with { but is not a JSON object")
        case .noToken: localized("the JSON has no \"token\" text")
        case .notSingleToken: localized("the first line is not a single token")
        case .notATime(let field): localized("\"\(field)\" is not a time")
        }
    }
}
