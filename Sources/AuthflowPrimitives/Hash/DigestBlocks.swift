/// The message preparation SHA-1 and SHA-256 share (FIPS 180-4 §5.1.1, §5.2.1): padding to 64-byte blocks
/// ending in the bit length, and reading each block as sixteen big-endian words.
public enum DigestBlocks {
    /// `message`, a 0x80 byte, zeros, and its length in bits as a big-endian 64-bit number.
    public static func padded(_ message: [UInt8]) -> [UInt8] {
        var padded = message
        padded.append(0x80)
        while padded.count % 64 != 56 { padded.append(0) }
        let bitLength = UInt64(message.count) &* 8
        for shift in stride(from: 56, through: 0, by: -8) {
            padded.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
        }
        return padded
    }

    /// The sixteen big-endian words of the block at `start` in `padded`, into the front of `words`.
    public static func load(_ padded: [UInt8], block start: Int, into words: inout [UInt32]) {
        for index in 0..<16 {
            let offset = start + index * 4
            words[index] =
                UInt32(padded[offset]) << 24 | UInt32(padded[offset + 1]) << 16
                | UInt32(padded[offset + 2]) << 8 | UInt32(padded[offset + 3])
        }
    }
}
