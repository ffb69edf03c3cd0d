import AuthflowPrimitives
import Foundation

/// The app's custom URL scheme, derived as the emulator's widget derives it: the reversed client ID, else
/// `app-` + the Google app ID with `:` → `-`, else the bundle ID as is.
enum CustomScheme {
    /// The scheme, or `nil` when none of the identifiers gives a valid RFC 3986 scheme (which would also
    /// make an unsafe `Location` header).
    static func scheme(clientId: String?, appId: String?, bundleId: String?) -> String? {
        let scheme: String?
        if let clientId {
            scheme = clientId.split(separator: ".", omittingEmptySubsequences: false).reversed().joined(separator: ".")
        } else if let appId {
            scheme = "app-" + appId.replacingOccurrences(of: ":", with: "-")
        } else {
            scheme = bundleId
        }
        guard let scheme, URLParts.isValidScheme(scheme[...]) else { return nil }
        return scheme
    }

    /// `firebaseauth` when a client or app ID chose the scheme, else `google` (the emulator's rule).
    static func host(clientId: String?, appId: String?) -> String {
        clientId != nil || appId != nil ? "firebaseauth" : "google"
    }

    /// `<scheme>://<host>/link?deep_link_id=<enc(inner)>`.
    static func link(scheme: String, host: String, inner: String) -> String {
        "\(scheme)://\(host)/link?deep_link_id=" + URLEncoding.component(inner)
    }
}
