/// The custom URL scheme a hosted Firebase page sends its callback to, derived as the iOS SDK derives it.
///
/// With an OAuth client ID the scheme is the ID's dot-separated parts reversed and the page gets `clientId=`;
/// otherwise it is `app-` plus the Google app ID with `:` turned into `-`, and the page gets `appId=`.
public struct CallbackScheme: Sendable, Hashable {
    /// Which identifier the hosted page is given.
    public enum Identifier: Sendable, Hashable {
        case clientID(String)
        case appID(String)
    }

    /// The scheme, lowercased (schemes compare case-insensitively).
    public let scheme: String
    /// The identifier that produced it, to send to the hosted page.
    public let identifier: Identifier

    /// From an OAuth client ID such as `123456.apps.googleusercontent.com`; `nil` when it is empty.
    public init?(clientID: String) {
        let parts = clientID.split(separator: ".", omittingEmptySubsequences: false)
        guard !clientID.isEmpty, parts.allSatisfy({ !$0.isEmpty }) else { return nil }
        scheme = parts.reversed().joined(separator: ".").lowercased()
        identifier = .clientID(clientID)
    }

    /// From a Google app ID such as `1:123456789:ios:123abc456def`; `nil` when it is empty.
    public init?(appID: String) {
        guard !appID.isEmpty else { return nil }
        scheme = ("app-" + appID.split(separator: ":", omittingEmptySubsequences: false).joined(separator: "-"))
            .lowercased()
        identifier = .appID(appID)
    }

    /// Whether `callback` arrived on this scheme.
    public func accepts(_ callback: AuthCallback) -> Bool {
        callback.transport == .customScheme(scheme)
    }
}
