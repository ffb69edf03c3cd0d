import AuthflowListener

/// Why the chosen way of proving the app cannot work: which setting is missing, or which route failed and why.
/// A front end words it with its own names for the settings.
public enum PhoneVerifierProblem: Error, Sendable, CustomStringConvertible {
    /// The hosted page returns through the iOS app's custom scheme and needs these settings, which are missing.
    case hostedNeedsIOSApp(missing: [IOSAppSetting])
    /// The project enforces reCAPTCHA Enterprise for phone sign-in, and the hosted page only gives v2 tokens.
    case hostedUnderEnterpriseEnforcement
    /// The loopback page runs at `http://localhost`, which is not among the project's authorized domains.
    /// `hostedAvailable` says whether the hosted page could be used instead (else it needs the iOS app's
    /// settings).
    case localhostNotAuthorized(projectID: String?, hostedAvailable: Bool)
    /// The project enforces reCAPTCHA Enterprise but sent no Enterprise site key.
    case enterpriseSiteKeyMissing
    /// The page's answer lacked a token the project needs.
    case answerLacksToken
    /// The hosted page's auth domain could not be worked out.
    case authDomain(AuthDomainError)
    /// The loopback page's template cannot be loaded.
    case pageUnavailable(TemplateError)

    /// The Firebase console page listing the authorized domains.
    public static func authorizedDomainsPage(projectID: String?) -> String {
        "https://console.firebase.google.com/project/\(projectID ?? "PROJECT")/authentication/settings"
    }

    public var description: String {
        switch self {
        case .hostedNeedsIOSApp(let missing):
            return "The hosted reCAPTCHA route needs " + missing.map(\.summary).joined(separator: " and ")
                + ", as in the iOS app's GoogleService-Info.plist."
        case .hostedUnderEnterpriseEnforcement:
            return "This project enforces reCAPTCHA Enterprise for phone sign-in, and the hosted page only gives "
                + "reCAPTCHA v2 tokens. Use the loopback page (PhoneVerifier.loopback)."
        case .localhostNotAuthorized(let projectID, let hostedAvailable):
            return Self.localhostMissing(projectID: projectID)
                + (hostedAvailable
                    ? ". Or use the hosted page (PhoneVerifier.hosted)."
                    : ". Or configure the hosted page with the iOS app's client ID (or app ID) and bundle ID.")
        case .enterpriseSiteKeyMissing:
            return "This project enforces reCAPTCHA Enterprise for phone sign-in but sent no Enterprise site key; "
                + "check the reCAPTCHA settings under Authentication → Settings in the Firebase console."
        case .answerLacksToken:
            return "The reCAPTCHA answer lacked a token this project needs; run the sign-in again."
        case .authDomain(let error):
            return error.description
        case .pageUnavailable(let error):
            return "The reCAPTCHA page cannot be shown: \(error)"
        }
    }

    /// The part of the localhost advice every front end shares: where to add the domain.
    public static func localhostMissing(projectID: String?) -> String {
        "The loopback reCAPTCHA page runs at http://localhost, and localhost is not among this project's "
            + "authorized domains, so reCAPTCHA would refuse it. In the Firebase console, open Authentication → "
            + "Settings → Authorized domains (\(authorizedDomainsPage(projectID: projectID))), "
            + "choose Add domain and enter: localhost"
    }
}
