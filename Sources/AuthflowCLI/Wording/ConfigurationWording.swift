import AuthflowCore
import AuthflowIdentityToolkit
import AuthflowLocalization

/// Configuration failures with the CLI's flags.
extension ConfigurationError {
    var cliMessage: String {
        switch self {
        case .unrecognizedFile(let path):
            return localized(
                "\(path) is not a configuration authflow understands. Use GoogleService-Info.plist (iOS), "
                    + "google-services.json (Android), a web config JSON with apiKey/authDomain/projectId/appId, "
                    + "or authflow.json.")
        case .missingAPIKey(let files):
            return localized(
                "No Firebase API key is configured. Pass --api-key KEY, set FIREBASE_API_KEY, use "
                    + "--config FILE, or put one of \(files.joined(separator: ", ")) in the working directory. "
                    + "For the local emulator, set FIREBASE_AUTH_EMULATOR_HOST or pass --emulator HOST:PORT.")
        case .missing(let key, let purpose):
            return localized(
                "\(purpose) needs \(key.jsonName): pass \(key.flag), set \(key.environmentVariable), or add "
                    + "\"\(key.jsonName)\" to authflow.json.")
        case .untrustedFile(let path, .writableByOthers(let mode)):
            return localized(
                "Refusing the configuration \(path): its group or other users can write it (mode "
                    + "\(String(mode, radix: 8))), and it may set commands to run and where requests go. Run: "
                    + "chmod go-w \(path)")
        case .untrustedFile(let path, let reason): // Another user's (``FileProbe.strangerMayWrite``).
            return localized(
                "Refusing the configuration \(path): \(reason.cliMessage), and it may set commands to run and "
                    + "where requests go. Remove it, or make it yours.")
        case .unreadableFile(let path, let reason):
            return localized("Cannot read the configuration file \(path): \(reason.cliMessage).")
        case .invalidFile(let path, let reason):
            return localized("The configuration file \(path) is invalid: \(reason.cliMessage).")
        case .invalidValue(let key, let value, let source, let reason):
            return localized(
                "\(key.jsonName) \"\(value)\" from \(source.cliName) cannot be used. \(reason.cliMessage)")
        }
    }
}

extension IgnoredConfigurationValue {
    /// Why the value was left out and how to allow it, as a sentence; `userFile` is the user's own
    /// configuration file.
    func cliReason(userFile: String) -> String {
        switch role {
        case .runsProgram:
            localized(
                "a file found in the working directory may not set a command to run; to allow it, pass --config "
                    + "\(path) or put it in \(userFile)")
        case .grantsAccess:
            localized(
                "a file found in the working directory may not choose the app you grant access to; to allow it, "
                    + "pass --config \(path) or put it in \(userFile)")
        case .choosesEndpoint, .identifier:
            localized(
                "a file found in the working directory may not choose where requests go; to allow it, pass "
                    + "--config \(path) or put it in \(userFile)")
        }
    }

    /// The one-line warning printed when the value is left out.
    func cliWarning(userFile: String) -> String {
        localized("authflow: warning: ignored \(key.jsonName) in \(path): \(cliReason(userFile: userFile)).")
    }

    /// The user's own configuration file as messages name it: its path, or the rule when it has none.
    static func userFile(environment: [String: String]) -> String {
        UserConfigurationFile.path(environment: environment) ?? "$XDG_CONFIG_HOME/authflow/config.json"
    }
}

extension ConfigurationFileProblem {
    /// What is wrong inside the file, as a clause without final punctuation.
    var cliMessage: String {
        switch self {
        case .notPropertyList: localized("it is not a readable property list")
        case .propertyListNotDictionary: localized("the property list is not a dictionary")
        case .noIOSSettings: localized("it has none of API_KEY, PROJECT_ID, GOOGLE_APP_ID, CLIENT_ID")
        case .notAString(let key): localized("\"\(key)\" must be a string")
        case .noWebSettings: localized("it has none of apiKey, projectId, authDomain, appId")
        case .notUTF8: localized("it is not UTF-8 text")
        case .projectInfoNotObject: localized("project_info is not an object")
        case .noAndroidSettings: localized("it has no project_id and no api_key")
        }
    }
}

extension ConfigurationValueProblem {
    /// Why the value cannot be used and what a usable one looks like.
    var cliMessage: String {
        switch self {
        case .languageTag:
            localized(
                "A language is a BCP 47 tag such as fr, pt-BR or zh-Hant-TW: letters and digits joined by hyphens.")
        case .emulatorHost(let error): error.cliMessage
        case .androidPackageTooFewParts:
            localized("An Android package name has at least two dot-separated parts, such as com.example.app.")
        case .androidPackagePartStart(let part):
            localized("Each part of an Android package name starts with a letter (\"\(part)\" does not).")
        case .androidPackageCharacters:
            localized("An Android package name holds only letters, digits, underscores and dots.")
        case .certificateSHA1:
            localized(
                "A SHA-1 fingerprint is 40 hex digits, or 20 colon-separated pairs as keytool prints it (AB:CD:…); "
                    + "a SHA-256 fingerprint does not work here.")
        case .referrerNotHTTPURL:
            localized(
                "The referrer must be an absolute http(s) URL of a page the key allows, such as "
                    + "https://app.example.com/.")
        case .referrerUnencodedCharacters:
            localized("The referrer URL must not contain spaces or control characters; percent-encode them.")
        case .appCheckURLNotHTTPURL:
            localized(
                "The App Check URL must be an absolute http(s) URL without a user, query or fragment, such as "
                    + "http://127.0.0.1:9099/app-check; requests go to URL/v1/projects/…")
        }
    }
}

extension EmulatorHostError {
    /// What is wrong with the emulator address, with an example of a usable one.
    var cliMessage: String {
        let quoted = "\"\(value)\""
        switch problem {
        case .empty:
            return localized(
                "The Auth Emulator address is empty: use host:port, e.g. 127.0.0.1:9099, localhost:9099 or "
                    + "[::1]:9099.")
        case .hasScheme:
            return localized(
                "The Auth Emulator address \(quoted) has a scheme; leave out http:// and use host:port, e.g. "
                    + "127.0.0.1:9099, localhost:9099 or [::1]:9099.")
        case .hasPath:
            return localized(
                "The Auth Emulator address \(quoted) has a path or other URL parts; use host:port, e.g. "
                    + "127.0.0.1:9099, localhost:9099 or [::1]:9099.")
        case .missingPort:
            return localized(
                "The Auth Emulator address \(quoted) has no port (the emulator's default is 9099); use host:port, "
                    + "e.g. 127.0.0.1:9099, localhost:9099 or [::1]:9099.")
        case .invalidPort:
            return localized(
                "The Auth Emulator address \(quoted) has a port that is not a number from 1 to 65535; use "
                    + "host:port, e.g. 127.0.0.1:9099, localhost:9099 or [::1]:9099.")
        case .invalidHost:
            return localized(
                "The Auth Emulator address \(quoted) has an invalid host; use host:port, e.g. 127.0.0.1:9099, "
                    + "localhost:9099 or [::1]:9099.")
        case .unbracketedIPv6:
            return localized(
                "The Auth Emulator address \(quoted) looks like an IPv6 address without brackets; write it as "
                    + "[::1]:9099.")
        }
    }
}

extension AuthDomainError {
    var cliMessage: String {
        switch self {
        case .lookupFailed(let error):
            localized(
                "Could not look up the project's auth domain: \(Self.withoutFinalPeriod(error.cliMessage)). Pass "
                    + "--auth-domain HOST to skip the lookup.")
        case .noDefaultDomain(let domains):
            localized(
                "The project's authorized domains (\(domains.joined(separator: ", "))) include no *.firebaseapp.com "
                    + "or *.web.app domain. Pass --auth-domain with the domain that serves /__/auth/handler.")
        case .notAuthorized(let domain, let domains):
            localized(
                "The auth domain \(domain) (--auth-domain) is not among the project's authorized domains "
                    + "(\(domains.joined(separator: ", "))), so the hosted page would refuse to finish; no browser was "
                    + "opened. Add it under Authentication → Settings → Authorized domains in the Firebase console, or "
                    + "pass --auth-domain with one of those.")
        }
    }
}

extension AuthDomainError {
    /// `text` without its closing period, for quoting inside a sentence of our own.
    static func withoutFinalPeriod(_ text: String) -> String {
        text.hasSuffix(".") ? String(text.dropLast()) : text
    }
}

extension ConfigurationLayer {
    /// The layer a command line gives: each key's flag value, when given and not blank, named by its flag.
    static func flags(_ values: [(ConfigurationKey, String?)]) -> ConfigurationLayer {
        var layer = ConfigurationLayer()
        for (key, value) in values { layer.set(key, value, from: .flag(key.flag)) }
        return layer
    }
}

extension ConfigurationKey {
    /// The command-line flag that sets it.
    var flag: String {
        switch self {
        case .apiKey: "--api-key"
        case .projectID: "--project-id"
        case .authDomain: "--auth-domain"
        case .appID: "--app-id"
        case .clientID: "--client-id"
        case .iosBundleID: "--ios-bundle-id"
        case .tenantID: "--tenant-id"
        case .emulatorHost: "--emulator"
        case .languageCode: "--lang"
        case .appCheckDebugToken: "--app-check-debug-token"
        case .appCheckTokenCommand: "--app-check-token-command"
        case .appCheckSiteKey: "--app-check-site-key"
        case .appCheckURL: "--app-check-url"
        case .androidPackage: "--android-package"
        case .androidCertificateSHA1: "--android-cert-sha1"
        case .referrer: "--referer"
        case .firebaseLanguageCode: "--firebase-lang"
        case .githubDeviceClientID: "--github-device-client-id"
        case .googleDeviceClientID: "--google-device-client-id"
        case .googleDeviceClientSecret: "--google-device-client-secret"
        case .facebookAppID: "--facebook-app-id"
        case .facebookClientToken: "--facebook-client-token"
        case .oidcDeviceClientID: "--oidc-device-client-id"
        case .oidcIssuer: "--oidc-issuer"
        case .deviceEndpointBase: "--device-endpoint-base"
        }
    }
}

extension ConfigurationSource {
    /// Where a value came from, in the language in force: `flag --api-key`, `environment FIREBASE_API_KEY`.
    var cliName: String {
        switch self {
        case .flag(let name): localized("flag \(name)")
        case .environment(let name): localized("environment \(name)")
        case .file(let path): localized("file \(path)")
        case .derived(let how): localized("derived: \(how.cliMessage)")
        case .defaultValue(.unspecified): localized("default")
        case .defaultValue(let why): localized("default: \(why.cliMessage)")
        }
    }
}

extension ConfigurationSource.Derivation {
    var cliMessage: String {
        switch self {
        case .authorizedDomains: localized("the project's authorized domains (getProjectConfig)")
        case .localeLanguage: localized("the locale's language")
        case .emulatorServesPages: localized("the emulator serves the hosted pages")
        case .pendingSignInLink: localized("the pending sign-in link in the state directory")
        }
    }
}

extension ConfigurationSource.DefaultReason {
    var cliMessage: String {
        switch self {
        case .emulatorAcceptsAnyKey: localized("any key works with an emulator")
        case .embeddedBackendProject: localized("the embedded backend's project")
        case .unspecified: ""
        }
    }
}
