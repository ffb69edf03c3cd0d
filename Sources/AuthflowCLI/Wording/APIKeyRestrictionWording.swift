import AuthflowIdentityToolkit
import AuthflowLocalization

/// Refusals by an API key's restrictions, naming the restriction and the flag that satisfies it.
extension APIKeyRestriction {
    var cliMessage: String {
        switch self {
        case .iosApp:
            localized(
                "Google refused the request: the API key is restricted to iOS apps (API_KEY_IOS_APP_BLOCKED). Pass "
                    + "--ios-bundle-id with the bundle ID of an app the key allows (or set FIREBASE_IOS_BUNDLE_ID, or "
                    + "\"iosBundleId\" in authflow.json); the key's restrictions are under APIs & Services → "
                    + "Credentials in the Google Cloud console.")
        case .androidApp:
            localized(
                "Google refused the request: the API key is restricted to Android apps (API_KEY_ANDROID_APP_BLOCKED). "
                    + "Pass --android-package and --android-cert-sha1 with the package name and signing-certificate "
                    + "SHA-1 of an app the key allows (or set FIREBASE_ANDROID_PACKAGE and FIREBASE_ANDROID_CERT_SHA1, "
                    + "or use the app's google-services.json); the key's restrictions are under APIs & Services → "
                    + "Credentials in the Google Cloud console.")
        case .httpReferrer:
            localized(
                "Google refused the request: the API key is restricted to websites (API_KEY_HTTP_REFERRER_BLOCKED). "
                    + "Pass --referer with the URL of a page the key allows, e.g. --referer https://app.example.com/ "
                    + "(or set AUTHFLOW_REFERER, or \"referer\" in authflow.json).")
        case .ipAddress:
            localized(
                "Google refused the request: the API key is restricted to IP addresses this machine's is not among "
                    + "(API_KEY_IP_ADDRESS_BLOCKED). No flag can satisfy it: add the address to the key under APIs & "
                    + "Services → Credentials in the Google Cloud console, or use another key (--api-key).")
        case .apiNotAllowed:
            localized(
                "Google refused the request: the API key may not call the Identity Toolkit API "
                    + "(API_KEY_SERVICE_BLOCKED). Allow the Identity Toolkit API and the Token Service API for the key "
                    + "under APIs & Services → Credentials in the Google Cloud console, or use another key (--api-key)."
            )
        case .ipAddressOrReferrer:
            localized(
                "Google refused the request: the API key is restricted by IP address or HTTP referrer "
                    + "(ipRefererBlocked). "
                    + "For a website restriction, pass --referer with the URL of a page the key allows; for an IP "
                    + "restriction, add this machine's address to the key in the Google Cloud console.")
        }
    }
}
