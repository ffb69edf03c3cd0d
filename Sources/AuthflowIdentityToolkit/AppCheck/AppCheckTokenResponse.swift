/// The reply to an App Check exchange: `{"token": "…", "ttl": "3600s"}`, the time to live in the protobuf
/// `Duration` form (`<seconds>[.<fraction>]s`).
public struct AppCheckTokenResponse: Decodable, Sendable, RedactingDescription {
    /// The App Check token to send as `X-Firebase-AppCheck` (a secret).
    public var token: String
    /// How long the token is valid from now.
    public var timeToLive: Duration

    /// A reply with `token` valid for `timeToLive`.
    public init(token: String, timeToLive: Duration) {
        self.token = token
        self.timeToLive = timeToLive
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        token = try container.decode(String.self, forKey: .token)
        let ttl = try container.decode(String.self, forKey: .ttl)
        guard let parsed = Self.duration(ttl), !token.isEmpty else {
            throw DecodingError.dataCorruptedError(
                forKey: .ttl, in: container, debugDescription: "not a protobuf Duration")
        }
        timeToLive = parsed
    }

    /// `3600s` or `3600.5s` as a duration; nil for anything else (the JS SDK refuses those too).
    public static func duration(_ text: String) -> Duration? {
        guard text.hasSuffix("s") else { return nil }
        let number = text.dropLast()
        guard !number.isEmpty, number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
            number.filter({ $0 == "." }).count <= 1, let seconds = Double(number), seconds.isFinite
        else { return nil }
        return .milliseconds(Int((seconds * 1000).rounded()))
    }

    enum CodingKeys: String, CodingKey {
        case token, ttl
    }
}
