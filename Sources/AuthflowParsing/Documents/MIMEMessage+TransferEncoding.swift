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
