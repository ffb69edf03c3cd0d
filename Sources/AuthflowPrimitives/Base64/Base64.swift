/// Base64 (RFC 4648) in both alphabets, the one codec every layer uses: JWT segments, PKCE verifiers and
/// random tokens (URL alphabet, unpadded), the emulator's pending credentials (standard alphabet, padded),
/// Proofpoint links, and MIME bodies and encoded words (lenient).
public enum Base64 {
    /// Which 64 characters encode the values 62 and 63.
    public enum Alphabet: Sendable {
        /// `+` and `/`, padded with `=` when encoding.
        case standard
        /// `-` and `_` (RFC 4648 §5), unpadded when encoding, as JWT segments are.
        case url
    }

    /// `bytes` in `alphabet`: the standard alphabet padded with `=`, the URL alphabet without padding.
    public static func encode(_ bytes: some Collection<UInt8>, alphabet: Alphabet = .standard) -> String {
        let characters = alphabet == .url ? urlCharacters : standardCharacters
        let bytes = Array(bytes)
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let chunk = bytes[index..<min(index + 3, bytes.count)]
            var value = UInt32(0)
            for (offset, byte) in chunk.enumerated() { value |= UInt32(byte) << (16 - 8 * offset) }
            for position in 0...chunk.count { output.append(characters[Int((value >> (18 - 6 * position)) & 0x3F)]) }
            if alphabet == .standard {
                for _ in chunk.count..<3 { output.append(UInt8(ascii: "=")) }
            }
            index += 3
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Strict decoding of unpadded text in one alphabet, as a JWT segment must be: `nil` when the text is empty,
    /// holds any other character (`=` included), or has a length no encoding produces.
    public static func decode(_ text: some StringProtocol, alphabet: Alphabet) -> [UInt8]? {
        let utf8 = text.utf8
        guard !utf8.isEmpty, utf8.count % 4 != 1 else { return nil }
        let rules = Rules(url: alphabet == .url, standard: alphabet == .standard, other: .reject, padding: .reject)
        return text.withUTF8Buffer { decode($0, rules) }
    }

    /// Decoding that accepts both alphabets at once and ignores `=` wherever it stands: Proofpoint links and
    /// pasted tokens mix them. `nil` when any other character appears.
    public static func decodeEitherAlphabet(_ text: some StringProtocol) -> [UInt8]? {
        text.withUTF8Buffer { decode($0, Rules(url: true, standard: true, other: .reject, padding: .skip)) }
    }

    /// Decoding that never fails (RFC 2045 §6.8, and Node's `Buffer.from(text, "base64")`): both alphabets,
    /// characters outside them (line breaks, blanks) skipped, missing padding tolerated, and `=` only ending the
    /// current group, so concatenated encodings and truncated input both yield every complete byte.
    public static func decodeLeniently(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        decode(bytes, Rules(url: true, standard: true, other: .skip, padding: .endsGroup)) ?? []
    }

    /// Lenient decoding of bytes; the same rules as for a buffer.
    public static func decodeLeniently(_ bytes: [UInt8]) -> [UInt8] {
        bytes.withUnsafeBufferPointer { decodeLeniently($0) }
    }

    /// Lenient decoding of text; the same rules as for a buffer.
    public static func decodeLeniently(_ text: some StringProtocol) -> [UInt8] {
        text.withUTF8Buffer { decodeLeniently($0) }
    }

    /// `true` for the URL alphabet's 64 characters.
    public static func isURLAlphabet(_ byte: UInt8) -> Bool {
        let value = table[Int(byte)]
        return value < 62 || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
    }

    /// What the one decoding loop accepts.
    private struct Rules {
        enum Other { case reject, skip }
        enum Padding { case reject, skip, endsGroup }
        var url: Bool
        var standard: Bool
        var other: Other
        var padding: Padding
    }

    private static func decode(_ input: UnsafeBufferPointer<UInt8>, _ rules: Rules) -> [UInt8]? {
        var output: [UInt8] = []
        output.reserveCapacity(input.count / 4 * 3 + 3)
        var accumulator: UInt32 = 0
        var bits = 0
        for byte in input {
            var value = table[Int(byte)]
            switch byte {
            case UInt8(ascii: "-"), UInt8(ascii: "_"): if !rules.url { value = 0xFF }
            case UInt8(ascii: "+"), UInt8(ascii: "/"): if !rules.standard { value = 0xFF }
            default: break
            }
            guard value < 64 else {
                if byte == UInt8(ascii: "=") {
                    switch rules.padding {
                    case .reject: return nil
                    case .skip: continue
                    case .endsGroup:
                        accumulator = 0
                        bits = 0
                        continue
                    }
                }
                if rules.other == .reject { return nil }
                continue
            }
            accumulator = accumulator << 6 | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                output.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
            }
        }
        return output
    }

    private static let letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
    private static let standardCharacters = Array((letters + "+/").utf8)
    private static let urlCharacters = Array((letters + "-_").utf8)

    /// Each byte's 6-bit value in either alphabet, or 0xFF outside both.
    private static let table: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (value, byte) in standardCharacters.enumerated() { table[Int(byte)] = UInt8(value) }
        table[Int(UInt8(ascii: "-"))] = 62
        table[Int(UInt8(ascii: "_"))] = 63
        return table
    }()
}
