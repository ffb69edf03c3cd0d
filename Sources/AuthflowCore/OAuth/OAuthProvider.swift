/// A Firebase identity provider signed in to through OAuth (or SAML): one of the built-in providers, or an
/// Identity Platform OIDC or SAML provider (`oidc.<id>`, `saml.<id>`).
public struct OAuthProvider: Sendable, Hashable, CustomStringConvertible {
    /// The provider families Firebase offers.
    public enum Family: String, Sendable, Hashable, CaseIterable {
        case google, github, microsoft, yahoo, twitter, facebook, apple, oidc, saml
    }

    /// The provider ID Firebase uses, e.g. `github.com`, `oidc.okta`.
    public let id: String
    /// Its family.
    public let family: Family

    /// The built-in providers' IDs, in the order people usually ask for them.
    public static let builtIn: [(id: String, family: Family)] = [
        ("google.com", .google), ("github.com", .github), ("microsoft.com", .microsoft), ("yahoo.com", .yahoo),
        ("twitter.com", .twitter), ("facebook.com", .facebook), ("apple.com", .apple),
    ]

    /// Sign in with Apple, `apple.com`.
    public static let apple = OAuthProvider(builtIn: "apple.com", family: .apple)

    private init(builtIn id: String, family: Family) {
        self.id = id
        self.family = family
    }

    /// The provider named `id`, or nil when Firebase has no such provider: a built-in ID, or `oidc.`/`saml.`
    /// followed by a console-given name (letters, digits, `-`, `_`, `.`).
    public init?(id: String) {
        let lowered = id.lowercased()
        if let known = Self.builtIn.first(where: { $0.id == lowered }) {
            self.id = known.id
            self.family = known.family
            return
        }
        for (prefix, family) in [("oidc.", Family.oidc), ("saml.", Family.saml)] where lowered.hasPrefix(prefix) {
            let name = id.dropFirst(prefix.count)
            guard !name.isEmpty, name.unicodeScalars.allSatisfy(Self.isNameCharacter) else { return nil }
            self.id = prefix + name
            self.family = family
            return
        }
        return nil
    }

    /// Whether the hosted handler with an iOS app's return is this provider's production path. The iOS SDK
    /// refuses `apple.com` and `facebook.com` on it outside the emulator (Apple's and Facebook's terms for
    /// native apps), so for those two it is proven only against an emulator.
    public var hostedRouteProvenInProduction: Bool {
        family != .apple && family != .facebook
    }

    public var description: String { id }

    private static func isNameCharacter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII
            && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-_.".unicodeScalars.contains(scalar))
    }
}

/// Which way an OAuth sign-in reaches the provider.
public enum OAuthRoute: String, Sendable, Hashable, CaseIterable {
    /// Firebase's hosted handler, returning through the iOS app's custom scheme (the iOS SDK's headful flow).
    case hosted
    /// The Firebase JS SDK in the person's own browser, on a loopback page.
    case web

    /// The route used when none is chosen: the hosted handler, except against production for providers
    /// whose hosted route is not proven there (Apple, Facebook), which go to the web route.
    public static func standard(for provider: OAuthProvider, emulator: Bool) -> OAuthRoute {
        emulator || provider.hostedRouteProvenInProduction ? .hosted : .web
    }
}
