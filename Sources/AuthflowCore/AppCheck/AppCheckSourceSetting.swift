import AuthflowIdentityToolkit

/// The App Check token source a configuration names, with what it needs.
public enum AppCheckSourceSetting: Sendable, Equatable {
    /// Exchange this console-registered debug token.
    case debugToken(String)
    /// Run this command; it prints a token.
    case tokenCommand(String)
    /// Obtain a reCAPTCHA Enterprise token in the browser for this site key and exchange it.
    case recaptchaEnterprise(siteKey: String)

    /// Which kind of source this is (the cache keeps tokens apart by it).
    public var source: AppCheckSource {
        switch self {
        case .debugToken: .debugToken
        case .tokenCommand: .tokenCommand
        case .recaptchaEnterprise: .recaptchaEnterprise
        }
    }
}

extension ProjectConfiguration {
    /// The App Check token source to use, if any is configured. When several are, the one set by the
    /// strongest layer wins (a flag over the environment over a file), so a source given on the command line
    /// always beats one from elsewhere, and so does its cache; within one layer the debug token comes first,
    /// then the command, then the site key.
    public var appCheckSource: AppCheckSourceSetting? {
        let candidates: [(ConfigurationKey, (String) -> AppCheckSourceSetting)] = [
            (.appCheckDebugToken, { .debugToken($0) }),
            (.appCheckTokenCommand, { .tokenCommand($0) }),
            (.appCheckSiteKey, { .recaptchaEnterprise(siteKey: $0) }),
        ]
        let configured = candidates.compactMap { key, make -> (Int, AppCheckSourceSetting)? in
            guard let value = values[key] else { return nil }
            return (Self.strength(of: value.source), make(value.value))
        }
        // `max(by:)` keeps the first of equals only when compared strictly; walk instead.
        var best: (Int, AppCheckSourceSetting)?
        for candidate in configured where candidate.0 > (best?.0 ?? -1) {
            best = candidate
        }
        return best?.1
    }

    /// Whether App Check tokens are obtained and sent: always against Google, and against an Auth emulator only
    /// when an App Check endpoint is named (``ConfigurationKey/appCheckURL``). The Auth Emulator ignores App
    /// Check and has no exchange of its own, so a source set for production (a debug token in CI) must not
    /// send it anywhere else.
    public var usesAppCheck: Bool {
        emulatorHost == nil || self[.appCheckURL] != nil
    }

    /// Flags 3, environment 2, files 1, anything else 0.
    private static func strength(of source: ConfigurationSource) -> Int {
        switch source {
        case .flag: 3
        case .environment: 2
        case .file: 1
        case .derived, .defaultValue: 0
        }
    }
}
