import ArgumentParser
import AuthflowCore
import Foundation

/// The flags that pick a Firebase project and where authflow keeps its state; every command that talks to
/// Firebase takes them. Flags win over environment variables, which win over configuration files.
struct ProjectOptions: ParsableArguments {
    @Option(name: .customLong("api-key"), help: ArgumentHelp("The project's Web API key.", valueName: "key"))
    var apiKey: String?

    @Option(name: .customLong("project-id"), help: ArgumentHelp("The Firebase project ID.", valueName: "id"))
    var projectID: String?

    @Option(
        name: .customLong("auth-domain"),
        help: ArgumentHelp(
            "Host of the hosted sign-in pages (default: from the project's authorized domains).", valueName: "host"))
    var authDomain: String?

    @Option(name: .customLong("app-id"), help: ArgumentHelp("The Firebase app ID (1:…:ios:…).", valueName: "id"))
    var appID: String?

    @Option(name: .customLong("client-id"), help: ArgumentHelp("The iOS OAuth client ID.", valueName: "id"))
    var clientID: String?

    @Option(name: .customLong("ios-bundle-id"), help: ArgumentHelp("The iOS app's bundle ID.", valueName: "id"))
    var iosBundleID: String?

    @Option(name: .customLong("tenant-id"), help: ArgumentHelp("The Identity Platform tenant.", valueName: "id"))
    var tenantID: String?

    @Option(
        name: .customLong("emulator"),
        help: ArgumentHelp(
            "Talk to an Auth Emulator (or `authflow emulator`) instead of Google.", valueName: "host:port"))
    var emulator: String?

    @Option(
        name: .customLong("lang"),
        help: ArgumentHelp(
            "Language of messages and pages, and for SMS, emails and hosted pages, e.g. ko (한국어), pt-BR or "
                + "ko_KR.UTF-8.",
            valueName: "code"))
    var languageCode: String?

    @Option(
        name: .customLong("firebase-lang"),
        help: ArgumentHelp(
            "Language Google uses for SMS, emails and hosted pages when it should differ from --lang.",
            valueName: "code"))
    var firebaseLanguageCode: String?

    @Option(
        name: .customLong("app-check-debug-token"),
        help: ArgumentHelp(
            "An App Check debug token registered in the Firebase console, for projects that enforce App Check.",
            valueName: "token"))
    var appCheckDebugToken: String?

    @Option(
        name: .customLong("app-check-token-command"),
        help: ArgumentHelp(
            "A command that prints an App Check token (or JSON with token and expiresAt or ttl).",
            valueName: "command"))
    var appCheckTokenCommand: String?

    @Option(
        name: .customLong("app-check-site-key"),
        help: ArgumentHelp(
            "The reCAPTCHA Enterprise site key of the web app registered with App Check; the browser page obtains "
                + "App Check tokens with it.",
            valueName: "key"))
    var appCheckSiteKey: String?

    @Option(
        name: .customLong("app-check-url"),
        help: ArgumentHelp(
            "Send App Check's exchanges to URL/v1/projects/… instead of "
                + "https://content-firebaseappcheck.googleapis.com; against an Auth emulator, App Check is used "
                + "only when this is set.",
            valueName: "url"))
    var appCheckURL: String?

    @Option(
        name: .customLong("android-package"),
        help: ArgumentHelp(
            "The Android app's package name, for API keys restricted to Android apps (email-link send: also the "
                + "app that may open the link).",
            valueName: "package"))
    var androidPackage: String?

    @Option(
        name: .customLong("android-cert-sha1"),
        help: ArgumentHelp(
            "SHA-1 fingerprint of the Android app's signing certificate (40 hex digits or AB:CD:… pairs).",
            valueName: "sha1"))
    var androidCertificateSHA1: String?

    @Option(
        name: .customLong("referer"),
        help: ArgumentHelp("A page URL to send as Referer, for API keys restricted to websites.", valueName: "url"))
    var referrer: String?

    @Option(
        name: .customLong("config"),
        help: ArgumentHelp(
            "GoogleService-Info.plist, google-services.json, a web config JSON or authflow.json, trusted with "
                + "commands and hosts (default: those found in the working directory, identifiers only).",
            valueName: "file"),
        completion: .file())
    var configPath: String?

    @Option(
        name: .customLong("state-dir"),
        help: ArgumentHelp(
            "Where sessions and pending flows are kept (default: $XDG_STATE_HOME/authflow).", valueName: "dir"),
        completion: .directory)
    var stateDirectory: String?

    /// A flag given with an empty value is a mistake (an unset shell variable, a stray quote), not a way to
    /// unset something: say which flag, rather than quietly falling back to the environment or a file.
    func validate() throws {
        let given: [(String, String?)] = [
            ("--api-key", apiKey), ("--project-id", projectID), ("--auth-domain", authDomain), ("--app-id", appID),
            ("--client-id", clientID), ("--ios-bundle-id", iosBundleID), ("--tenant-id", tenantID),
            ("--emulator", emulator), ("--lang", languageCode), ("--app-check-debug-token", appCheckDebugToken),
            ("--app-check-token-command", appCheckTokenCommand), ("--app-check-site-key", appCheckSiteKey),
            ("--app-check-url", appCheckURL), ("--config", configPath), ("--state-dir", stateDirectory),
            ("--firebase-lang", firebaseLanguageCode),
        ]
        for (flag, value) in given {
            if let value, value.isBlankOrNewlines {
                throw ValidationError(EmptyFlagWording.message(flag: flag))
            }
        }
    }

    /// The flags as a configuration layer.
    var flagLayer: ConfigurationLayer {
        .flags([
            (.apiKey, apiKey), (.projectID, projectID), (.authDomain, authDomain), (.appID, appID),
            (.clientID, clientID), (.iosBundleID, iosBundleID), (.tenantID, tenantID),
            (.emulatorHost, emulator), (.languageCode, languageCode),
            (.appCheckDebugToken, appCheckDebugToken), (.appCheckTokenCommand, appCheckTokenCommand),
            (.appCheckSiteKey, appCheckSiteKey), (.appCheckURL, appCheckURL),
            (.androidPackage, androidPackage), (.androidCertificateSHA1, androidCertificateSHA1), (.referrer, referrer),
            (.firebaseLanguageCode, firebaseLanguageCode),
        ])
    }
}
