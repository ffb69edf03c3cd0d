/// RFC 6238 time-based one-time passwords with HMAC-SHA-1 (RFC 4226's dynamic truncation): what an
/// authenticator app shows for a secret, and what the embedded backend checks.
public struct TimeBasedOneTimePassword: Sendable, Equatable {
    /// The shared secret's bytes.
    public let secret: [UInt8]
    /// How many digits a code has (Firebase: 6).
    public let digits: Int
    /// How many seconds one code lasts (Firebase: 30).
    public let period: Int

    /// A generator for `secret`; `digits` must be 1...9 and `period` positive, else `nil`.
    public init?(secret: [UInt8], digits: Int = 6, period: Int = 30) {
        guard (1...9).contains(digits), period > 0, !secret.isEmpty else { return nil }
        self.secret = secret
        self.digits = digits
        self.period = period
    }

    /// A generator for a base32 secret as `otpauth://` URIs and Firebase's `sharedSecretKey` carry it.
    public init?(base32Secret: String, digits: Int = 6, period: Int = 30) {
        guard let bytes = Base32.decode(base32Secret) else { return nil }
        self.init(secret: bytes, digits: digits, period: period)
    }

    /// The time step `secondsSince1970` falls in.
    public func step(at secondsSince1970: Int64) -> Int64 {
        secondsSince1970 >= 0 ? secondsSince1970 / Int64(period) : -1
    }

    /// The code for time step `step`, zero-padded to ``digits``.
    public func code(step: Int64) -> String {
        let counter = (0..<8).reversed().map { UInt8(truncatingIfNeeded: UInt64(bitPattern: step) >> UInt64($0 * 8)) }
        let mac = SHA1.hmac(key: secret, message: counter)
        let offset = Int(mac[mac.count - 1] & 0x0F)
        let value =
            (UInt32(mac[offset] & 0x7F) << 24) | (UInt32(mac[offset + 1]) << 16)
            | (UInt32(mac[offset + 2]) << 8) | UInt32(mac[offset + 3])
        var modulus: UInt32 = 1
        for _ in 0..<digits { modulus *= 10 }
        let number = String(value % modulus)
        return String(repeating: "0", count: digits - number.count) + number
    }

    /// The code shown at `secondsSince1970`.
    public func code(at secondsSince1970: Int64) -> String {
        code(step: step(at: secondsSince1970))
    }
}
