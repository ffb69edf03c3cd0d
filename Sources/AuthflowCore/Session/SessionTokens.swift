import Foundation

/// The tokens of a signed-in user. Their description never shows them, so printing a session cannot leak.
public struct SessionTokens: Codable, Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The Firebase ID token (a JWT) sent as `Authorization: Bearer` to the app's own backend.
    public var idToken: String
    /// The long-lived token that gets new ID tokens from the secure-token endpoint.
    public var refreshToken: String
    /// When the ID token stops being accepted.
    public var expiresAt: Date

    /// Tokens as a sign-in or refresh returned them. The expiry is kept to the whole second (rounded down),
    /// the precision the session file stores, so a saved session reads back equal.
    public init(idToken: String, refreshToken: String, expiresAt: Date) {
        self.idToken = idToken
        self.refreshToken = refreshToken
        self.expiresAt = expiresAt.wholeSeconds
    }

    /// Tokens from a server reply, whose `expiresIn` is seconds as a string (`"3600"`). A missing or odd value
    /// falls back to the token's own `exp` claim, then to one hour, the lifetime Firebase always uses.
    public init(idToken: String, refreshToken: String, expiresIn: String?, receivedAt: Date = Date()) {
        let seconds = expiresIn.flatMap { Double($0.trimmingWhitespace()) }
        let expiry =
            seconds.flatMap { $0 > 0 ? receivedAt.addingTimeInterval($0) : nil }
            ?? IDTokenClaims(jwt: idToken)?.expiresAt
            ?? receivedAt.addingTimeInterval(3600)
        self.init(idToken: idToken, refreshToken: refreshToken, expiresAt: expiry)
    }

    /// Whether the ID token expires within `margin` of `now` (or already has).
    public func expires(within margin: TimeInterval, of now: Date = Date()) -> Bool {
        expiresAt.timeIntervalSince(now) <= margin
    }

    public var description: String { "SessionTokens(expiresAt: \(expiresAt), tokens redacted)" }
    public var debugDescription: String { description }
}

extension Date {
    /// This instant rounded down to the second.
    var wholeSeconds: Date {
        Date(timeIntervalSince1970: timeIntervalSince1970.rounded(.down))
    }
}
