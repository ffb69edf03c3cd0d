import Foundation

/// Why the ID token the web route's page posted is not saved: authflow checks it was issued for the
/// configured project before storing a session built on it (the signature is the receiver's to verify).
public enum WebIDTokenProblem: Sendable, Equatable {
    /// It is not a JWT with a JSON payload.
    case unreadable
    /// Its `aud` is not the configured project.
    case wrongAudience(found: String?, expected: String)
    /// Its `iss` is not `https://securetoken.google.com/<project>`.
    case wrongIssuer(found: String?, expected: String)
    /// Its `exp` is missing or past.
    case expired

    /// The problem with `idToken` for `projectID` at `now`, or nil when it passes.
    static func check(_ idToken: String, projectID: String, now: Date = Date()) -> WebIDTokenProblem? {
        guard let claims = IDTokenClaims(jwt: idToken) else { return .unreadable }
        guard claims.audience == projectID else { return .wrongAudience(found: claims.audience, expected: projectID) }
        let issuer = "https://securetoken.google.com/\(projectID)"
        guard claims.issuer == issuer else { return .wrongIssuer(found: claims.issuer, expected: issuer) }
        guard let expiry = claims.expiresAt, expiry > now else { return .expired }
        return nil
    }
}
