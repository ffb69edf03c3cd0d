/// Chooses the auth domain among a project's authorized domains the way the SDKs do: the first
/// `*.firebaseapp.com`, else the first `*.web.app`.
///
/// Unlike the iOS SDK, a match must end at a label boundary, so `evilfirebaseapp.com` is never chosen.
public enum AuthDomainSelection {
    /// The domain to use, or nil when the project has neither kind.
    public static func choose(from authorizedDomains: [String]) -> String? {
        for suffix in [".firebaseapp.com", ".web.app"] {
            if let match = authorizedDomains.first(where: { isDefaultDomain($0.lowercased(), suffix: suffix) }) {
                return match.lowercased()
            }
        }
        return nil
    }

    private static func isDefaultDomain(_ domain: String, suffix: String) -> Bool {
        domain.hasSuffix(suffix) && domain.count >= suffix.count + 2
    }
}
