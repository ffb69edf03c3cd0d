/// Which restriction of a Google API key refused a request.
///
/// Google answers such requests with HTTP 403, `status: "PERMISSION_DENIED"`, an `ErrorInfo` detail whose
/// `reason` names the restriction (the raw values here), and a message such as "Requests from this Android
/// client application <empty> are blocked." Older replies carry only the message, or the legacy
/// `errors[].reason` `ipRefererBlocked`, which does not say whether the IP address or the referrer was refused.
public enum APIKeyRestriction: String, Sendable, Hashable, CaseIterable {
    /// The key accepts only iOS apps with listed bundle IDs, claimed with `X-Ios-Bundle-Identifier`.
    case iosApp = "API_KEY_IOS_APP_BLOCKED"
    /// The key accepts only Android apps with listed package names and signing-certificate SHA-1
    /// fingerprints, claimed with `X-Android-Package` and `X-Android-Cert`.
    case androidApp = "API_KEY_ANDROID_APP_BLOCKED"
    /// The key accepts only listed websites, recognised by the `Referer` header.
    case httpReferrer = "API_KEY_HTTP_REFERRER_BLOCKED"
    /// The key accepts only listed client IP addresses.
    case ipAddress = "API_KEY_IP_ADDRESS_BLOCKED"
    /// The key's API restrictions do not include the Identity Toolkit (or secure-token) API.
    case apiNotAllowed = "API_KEY_SERVICE_BLOCKED"
    /// The legacy `ipRefererBlocked` reason: an IP address or referrer restriction, unspecified.
    case ipAddressOrReferrer = "ipRefererBlocked"

    /// The restriction a refusal names: an `ErrorInfo` or `errors[]` reason first, else the message.
    public init?(reasons: [String], message: String) {
        for reason in reasons {
            if let restriction = APIKeyRestriction(rawValue: reason) {
                self = restriction
                return
            }
        }
        let text = message.lowercased()
        guard text.contains("blocked") || text.contains("restriction") else { return nil }
        if text.contains("requests from this ios client application") {
            self = .iosApp
        } else if text.contains("requests from this android client application") {
            self = .androidApp
        } else if text.contains("requests from referer") {
            self = .httpReferrer
        } else if text.contains("ip address restriction") {
            self = .ipAddress
        } else if text.hasPrefix("requests to this api") {
            self = .apiNotAllowed
        } else if text.contains("per-ip or per-referer restriction") {
            self = .ipAddressOrReferrer
        } else {
            return nil
        }
    }

    /// What was refused and what would satisfy it, without naming any command-line flag.
    public var userMessage: String {
        switch self {
        case .iosApp:
            "The API key only accepts requests from the iOS apps it is restricted to, and this request named none "
                + "of them (X-Ios-Bundle-Identifier). Configure the bundle ID of an allowed app, or use a key "
                + "without an iOS restriction."
        case .androidApp:
            "The API key only accepts requests from the Android apps it is restricted to, and this request named "
                + "none of them (X-Android-Package and X-Android-Cert). Configure the package name and the SHA-1 "
                + "fingerprint of the signing certificate of an allowed app."
        case .httpReferrer:
            "The API key only accepts requests from the websites it is restricted to, and this request's Referer "
                + "is not one of them. Configure a page URL the key allows."
        case .ipAddress:
            "The API key only accepts requests from the IP addresses it is restricted to, and this machine's "
                + "address is not one of them. Add it to the key's restrictions in the Google Cloud console."
        case .apiNotAllowed:
            "The API key's API restrictions do not include the Identity Toolkit API. Allow it (and the Token "
                + "Service API) for the key in the Google Cloud console, or use another key."
        case .ipAddressOrReferrer:
            "The API key is restricted by IP address or HTTP referrer, and this request matches neither. "
                + "Configure a page URL the key allows, or check the key's restrictions in the Google Cloud console."
        }
    }
}
