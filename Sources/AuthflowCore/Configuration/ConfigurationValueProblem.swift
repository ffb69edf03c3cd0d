import AuthflowIdentityToolkit

/// Why a configured value cannot be used, for a front end to word.
public enum ConfigurationValueProblem: Sendable, Hashable, CustomStringConvertible {
    /// Not a BCP 47 language tag (nor a POSIX locale name).
    case languageTag
    /// Not an emulator address (`host:port`).
    case emulatorHost(EmulatorHostError)
    /// An Android package name with fewer than two dot-separated parts.
    case androidPackageTooFewParts
    /// A part of an Android package name that does not start with a letter.
    case androidPackagePartStart(part: String)
    /// An Android package name with characters other than letters, digits, underscores and dots.
    case androidPackageCharacters
    /// Not a SHA-1 fingerprint (40 hex digits, or 20 colon-separated pairs).
    case certificateSHA1
    /// A referrer that is not an absolute http(s) URL.
    case referrerNotHTTPURL
    /// A referrer with spaces or control characters.
    case referrerUnencodedCharacters
    /// An App Check URL that is not an absolute http(s) URL without user, query or fragment.
    case appCheckURLNotHTTPURL

    /// The problem in English, for logs and embedders.
    public var description: String {
        switch self {
        case .languageTag:
            "A language is a BCP 47 tag such as fr, pt-BR or zh-Hant-TW: letters and digits joined by hyphens."
        case .emulatorHost(let error): error.description
        case .androidPackageTooFewParts:
            "An Android package name has at least two dot-separated parts, such as com.example.app."
        case .androidPackagePartStart(let part):
            "Each part of an Android package name starts with a letter (\"\(part)\" does not)."
        case .androidPackageCharacters:
            "An Android package name holds only letters, digits, underscores and dots."
        case .certificateSHA1:
            "A SHA-1 fingerprint is 40 hex digits, or 20 colon-separated pairs as keytool prints it (AB:CD:…); a "
                + "SHA-256 fingerprint does not work here."
        case .referrerNotHTTPURL:
            "The referrer must be an absolute http(s) URL of a page the key allows, such as https://app.example.com/."
        case .referrerUnencodedCharacters:
            "The referrer URL must not contain spaces or control characters; percent-encode them."
        case .appCheckURLNotHTTPURL:
            "The App Check URL must be an absolute http(s) URL without a user, query or fragment, such as "
                + "http://127.0.0.1:9099/app-check; requests go to URL/v1/projects/…"
        }
    }
}
