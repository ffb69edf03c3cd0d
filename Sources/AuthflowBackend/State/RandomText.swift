/// Random identifiers and codes from the system's CSPRNG (`SystemRandomNumberGenerator`), in the
/// emulator's alphabets and lengths.
enum RandomText {
    private static let alphanumericAlphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
    private static let base64URLAlphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")

    private static let userCodeAlphabet = Array("BCDFGHJKLMNPQRSTVWXZ")

    /// `[A-Za-z0-9]`, as the emulator's `randomId` (local IDs, enrollment IDs, session IDs).
    static func alphanumeric(_ length: Int) -> String {
        pick(length, from: alphanumericAlphabet)
    }

    /// `[A-Za-z0-9_-]`, as the emulator's `randomBase64UrlStr` (oobCodes, sessionInfo).
    static func base64URL(_ length: Int) -> String {
        pick(length, from: base64URLAlphabet)
    }

    /// A device-flow user code, `XXXX-XXXX` from consonants without look-alikes (the base-20 alphabet
    /// RFC 8628 §6.1 recommends; GitHub's codes have this shape).
    static func userCode() -> String {
        let code = pick(8, from: userCodeAlphabet)
        return String(code.prefix(4)) + "-" + String(code.suffix(4))
    }

    /// Decimal digits, leading zeros allowed (SMS codes, the widget's generated `sub`).
    static func digits(_ length: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        return String((0..<length).map { _ in Character(String(Int.random(in: 0...9, using: &generator))) })
    }

    /// `length` characters drawn uniformly from `alphabet` (at most 256 characters): eight random bytes per draw
    /// from the generator (one `getrandom` call), each byte used unless it would favour the alphabet's first
    /// characters (bytes from the largest multiple of the alphabet's size up are skipped).
    private static func pick(_ length: Int, from alphabet: [Character]) -> String {
        var generator = SystemRandomNumberGenerator()
        let limit = 256 - 256 % alphabet.count
        var text = ""
        text.reserveCapacity(length)
        var count = 0
        while count < length {
            var word = generator.next()
            for _ in 0..<8 where count < length {
                let byte = Int(word & 0xFF)
                word >>= 8
                guard byte < limit else { continue }
                text.append(alphabet[byte % alphabet.count])
                count += 1
            }
        }
        return text
    }
}
