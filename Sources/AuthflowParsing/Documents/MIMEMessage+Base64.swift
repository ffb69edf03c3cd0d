extension MIMEMessage {
    /// Base64 decoding (RFC 2045 § 6.8) that never fails: characters outside the alphabet (line breaks, blanks) are
    /// skipped, missing padding is tolerated, and `=` only flushes the current group, so concatenated encodings and
    /// truncated input both yield every complete byte. The URL-safe alphabet (`-`, `_`) is accepted too.
    enum Base64 {
        static func decode(_ input: UnsafeBufferPointer<UInt8>) -> [UInt8] {
            var output: [UInt8] = []
            output.reserveCapacity(input.count / 4 * 3 + 3)
            var accumulator: UInt32 = 0
            var bits = 0
            for byte in input {
                let value = table[Int(byte)]
                if value < 64 {
                    accumulator = accumulator << 6 | UInt32(value)
                    bits += 6
                    if bits >= 8 {
                        bits -= 8
                        output.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
                    }
                } else if byte == UInt8(ascii: "=") {
                    accumulator = 0
                    bits = 0
                }
            }
            return output
        }

        static func decode(_ input: [UInt8]) -> [UInt8] {
            input.withUnsafeBufferPointer { decode($0) }
        }

        /// Maps each byte to its 6-bit value, or 0xFF for bytes outside the alphabet.
        private static let table: [UInt8] = {
            var table = [UInt8](repeating: 0xFF, count: 256)
            let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
            for (value, byte) in alphabet.enumerated() {
                table[Int(byte)] = UInt8(value)
            }
            table[Int(UInt8(ascii: "-"))] = 62
            table[Int(UInt8(ascii: "_"))] = 63
            return table
        }()
    }
}
