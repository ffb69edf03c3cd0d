import AuthflowPrimitives

extension MIMEMessage {
    /// Undoes a `Content-Transfer-Encoding` (RFC 2045 § 6). Unknown encodings, like 7bit, 8bit and binary, are
    /// identity: the bytes are more useful as they are than dropped.
    enum TransferEncoding {
        case identity, quotedPrintable, base64

        init(headerValue: String?) {
            switch headerValue.map({ $0.trimmingBlanks().lowercased() }) {
            case "quoted-printable": self = .quotedPrintable
            case "base64": self = .base64
            default: self = .identity
            }
        }

        func decode(_ body: UnsafeBufferPointer<UInt8>) -> [UInt8] {
            switch self {
            case .identity: Array(body)
            case .quotedPrintable: QuotedPrintable.decode(body)
            case .base64: Base64.decodeLeniently(body)
            }
        }
    }
}

extension String {
    fileprivate func trimmingBlanks() -> String {
        let bytes = Array(utf8)
        guard let first = bytes.firstIndex(where: { $0 > 0x20 }), let last = bytes.lastIndex(where: { $0 > 0x20 })
        else { return "" }
        return String(decoding: bytes[first...last], as: UTF8.self)
    }
}

extension MIMEMessage {
    /// Quoted-printable decoding (RFC 2045 § 6.7), lenient as mail readers are: hex digits in either case, soft line
    /// breaks after `=` with CRLF or bare LF (and blanks a gateway may have added before it), and any `=` that does
    /// not start a valid escape kept literally.
    enum QuotedPrintable {
        static func decode(_ input: UnsafeBufferPointer<UInt8>) -> [UInt8] {
            var output: [UInt8] = []
            output.reserveCapacity(input.count)
            var index = 0
            let count = input.count
            while index < count {
                let byte = input[index]
                guard byte == UInt8(ascii: "=") else {
                    output.append(byte)
                    index += 1
                    continue
                }
                if index + 2 < count, let high = hexValue(input[index + 1]), let low = hexValue(input[index + 2]) {
                    output.append(high << 4 | low)
                    index += 3
                } else if let next = softLineBreakEnd(input, after: index) {
                    index = next
                } else {
                    output.append(byte)
                    index += 1
                }
            }
            return output
        }

        /// Where the text resumes after a soft line break starting at the `=` at `index`, or `nil` if there is none.
        /// An `=` at the very end of the input is a soft break too.
        private static func softLineBreakEnd(_ input: UnsafeBufferPointer<UInt8>, after index: Int) -> Int? {
            var cursor = index + 1
            while cursor < input.count, input[cursor] == 0x20 || input[cursor] == 0x09 { cursor += 1 }
            guard cursor < input.count else { return cursor }
            if input[cursor] == 0x0A { return cursor + 1 }
            if input[cursor] == 0x0D {
                return cursor + 1 < input.count && input[cursor + 1] == 0x0A ? cursor + 2 : cursor + 1
            }
            return nil
        }

        private static func hexValue(_ byte: UInt8) -> UInt8? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
            case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
            case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
            default: nil
            }
        }
    }
}
