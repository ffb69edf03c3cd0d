import Glibc

/// A leaf text part of an email, already decoded to Unicode.
///
/// Only the text that may carry a link is kept; attachments and images are skipped by the parser.
public struct MIMEPart: Sendable, Hashable {
    /// The lowercased media type, `text/plain` or `text/html`.
    public var contentType: String
    /// The charset the part declared, lowercased; `nil` when it declared none.
    public var charset: String?
    /// The body after transfer decoding and charset conversion; undecodable bytes become U+FFFD.
    public var text: String

    /// A decoded text part.
    public init(contentType: String, charset: String?, text: String) {
        self.contentType = contentType
        self.charset = charset
        self.text = text
    }

    /// Whether the part should go through the HTML parser rather than the plain-text scanner.
    public var isHTML: Bool { contentType == "text/html" }
}

extension MIMEPart {
    /// Converts bytes in any charset glibc knows to a Swift string, never failing: undecodable bytes become U+FFFD and
    /// an unknown charset is read as UTF-8, because a readable approximation beats losing the link.
    enum CharsetDecoder {
        static func decode(_ bytes: [UInt8], charset: String?) -> String {
            bytes.withUnsafeBufferPointer { decode($0, charset: charset) }
        }

        static func decode(_ bytes: UnsafeBufferPointer<UInt8>, charset: String?) -> String {
            guard let name = iconvName(for: charset) else { return decodeUTF8(bytes) }
            return convert(bytes, from: name) ?? decodeUTF8(bytes)
        }

        /// The name to hand to `iconv_open`, or `nil` for the UTF-8 fast path.
        ///
        /// US-ASCII is read as UTF-8 because mislabelled 8-bit mail is common. ISO-8859-1 is read as windows-1252, as
        /// the WHATWG Encoding Standard specifies, because mailers label windows-1252 text that way.
        static func iconvName(for charset: String?) -> String? {
            guard let charset else { return nil }
            let name = normalized(charset)
            switch name {
            case "", "utf-8", "utf8", "us-ascii", "ascii", "unicode-1-1-utf-8", "x-unknown", "unknown-8bit", "default":
                return nil
            case "iso-8859-1", "iso8859-1", "iso_8859-1", "latin1", "l1", "cp819":
                return "CP1252"
            case "ks_c_5601-1987":
                return "CP949"
            case "gb2312":
                return "GBK"
            default:
                return name.uppercased()
            }
        }

        /// Lowercases and strips quotes, blanks and an RFC 2231 language suffix (`utf-8*en`).
        static func normalized(_ charset: String) -> String {
            var bytes = Array(charset.utf8)
            if let star = bytes.firstIndex(of: UInt8(ascii: "*")) {
                bytes.removeSubrange(star...)
            }
            let kept = bytes.filter { $0 > 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "'") }
            return String(decoding: kept, as: UTF8.self).lowercased()
        }

        static func decodeUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
            let hasByteOrderMark = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
            return String(
                decoding: hasByteOrderMark ? UnsafeBufferPointer(rebasing: bytes[3...]) : bytes, as: UTF8.self)
        }

        /// Runs iconv over the whole input; `nil` when glibc does not know the charset.
        private static func convert(_ bytes: UnsafeBufferPointer<UInt8>, from name: String) -> String? {
            let descriptor = iconv_open("UTF-8", name)
            guard let descriptor, Int(bitPattern: descriptor) != -1 else { return nil }
            defer { iconv_close(descriptor) }
            guard let base = bytes.baseAddress, !bytes.isEmpty else { return "" }

            var output: [UInt8] = []
            output.reserveCapacity(bytes.count + bytes.count / 2)
            var scratch = [UInt8](repeating: 0, count: 64 * 1024)
            scratch.withUnsafeMutableBufferPointer { scratch in
                guard let scratchBase = scratch.baseAddress else { return }
                let scratchStart = UnsafeMutableRawPointer(scratchBase).assumingMemoryBound(to: CChar.self)
                var input: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(mutating: base)
                    .assumingMemoryBound(to: CChar.self)
                var inputLeft = bytes.count

                /// One iconv call into the scratch buffer; returns errno, or 0 on success.
                func step(flushing: Bool) -> Int32 {
                    var out: UnsafeMutablePointer<CChar>? = scratchStart
                    var outLeft = scratch.count
                    let result =
                        flushing
                        ? iconv(descriptor, nil, nil, &out, &outLeft)
                        : iconv(descriptor, &input, &inputLeft, &out, &outLeft)
                    let failure = result == -1 ? errno : 0
                    output.append(contentsOf: UnsafeBufferPointer(rebasing: scratch[..<(scratch.count - outLeft)]))
                    return failure
                }

                while inputLeft > 0 {
                    switch step(flushing: false) {
                    case 0, E2BIG:
                        continue
                    case EILSEQ:
                        output.append(contentsOf: replacementCharacter)
                        input = input.map { $0 + 1 }
                        inputLeft -= 1
                    default:
                        // EINVAL: the input ends inside a character. Anything else: the rest is unreadable.
                        output.append(contentsOf: replacementCharacter)
                        inputLeft = 0
                    }
                }
                // Stateful charsets such as ISO-2022-JP may owe a final shift sequence.
                while step(flushing: true) == E2BIG {}
            }
            return String(decoding: output, as: UTF8.self)
        }

        private static let replacementCharacter: [UInt8] = [0xEF, 0xBF, 0xBD]
    }
}
