import AuthflowCore
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
        case .unreadableFile(let path, let reason):
            return localized("Cannot read the configuration file \(path): \(reason).")
        case .invalidFile(let path, let reason):
            return localized("The configuration file \(path) is invalid: \(reason).")
        case .invalidValue(let key, let value, let source, let reason):
            return localized("\(key.jsonName) \"\(value)\" from \(source.cliName) cannot be used. \(reason)")
        }
    }
}

extension AuthDomainError {
    var cliMessage: String {
        switch self {
        case .lookupFailed(let error):
            localized(
                "Could not look up the project's auth domain: \(Self.withoutFinalPeriod(error.description)). Pass "
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
        case .androidPackage: "--android-package"
        case .androidCertificateSHA1: "--android-cert-sha1"
        case .referrer: "--referer"
        case .firebaseLanguageCode: "--firebase-lang"
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
        case .derived(let how): localized("derived: \(how)")
        case .defaultValue(let why): localized("default: \(why)")
        }
    }
}
