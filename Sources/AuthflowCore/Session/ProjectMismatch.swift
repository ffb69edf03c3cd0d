/// An ID token issued for another Firebase project than the configured one: its `aud` or its `iss`
/// (`https://securetoken.google.com/<project>`) names another project.
///
/// This happens when the configured project and the backend disagree: an emulator started for another
/// project (the emulator files calls that carry only an API key under its own project), or an API key that
/// belongs to another project. Nothing is stored for such a token.
public struct ProjectMismatch: Error, Sendable, Equatable, CustomStringConvertible {
    /// The issuer prefix of every Firebase ID token; the project ID follows it.
    static let issuerPrefix = "https://securetoken.google.com/"

    /// The project authflow is configured for.
    public let configuredProject: String
    /// The project the token was issued for.
    public let tokenProject: String

    /// A mismatch between the configured project and the token's.
    public init(configuredProject: String, tokenProject: String) {
        self.configuredProject = configuredProject
        self.tokenProject = tokenProject
    }

    /// The mismatch `idToken` shows against `project`, or `nil` when its `aud` and `iss` both name `project`
    /// (or the token carries neither, as no Firebase backend issues).
    public static func check(idToken: String, project: SessionProject) -> ProjectMismatch? {
        guard let claims = IDTokenClaims(jwt: idToken) else { return nil }
        let configured = project.projectID
        if let audience = claims.audience, audience != configured {
            return ProjectMismatch(configuredProject: configured, tokenProject: audience)
        }
        if let issuer = claims.issuer, issuer != issuerPrefix + configured {
            let named = issuer.hasPrefix(issuerPrefix) ? String(issuer.dropFirst(issuerPrefix.count)) : issuer
            return ProjectMismatch(configuredProject: configured, tokenProject: named)
        }
        return nil
    }

    public var description: String {
        "The backend signed you in to project \(tokenProject), not to the configured project "
            + "\(configuredProject). Nothing was saved. Configure project \(tokenProject) instead, or use a backend "
            + "that serves \(configuredProject)."
    }
}
