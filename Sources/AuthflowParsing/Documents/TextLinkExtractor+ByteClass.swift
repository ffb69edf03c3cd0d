extension TextLinkExtractor {
    /// ASCII classes from RFC 3986, as byte tests.
    enum ByteClass {
        static let colon = UInt8(ascii: ":")
        static let slash = UInt8(ascii: "/")
        static let lessThan = UInt8(ascii: "<")
        static let greaterThan = UInt8(ascii: ">")

        static func isLetter(_ byte: UInt8) -> Bool {
            (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
        }

        static func isSchemeByte(_ byte: UInt8) -> Bool {
            isLetter(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
        }

        /// Printable ASCII that may appear in a URL written in text; excludes the RFC 3986 Appendix C delimiters
        /// (`"`, `<`, `>`) and the characters never allowed unescaped (`{`, `}`, `|`, `\`, `^`, `` ` ``).
        static func isURLByte(_ byte: UInt8) -> Bool {
            guard byte > 0x20, byte < 0x7F else { return false }
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "{"), UInt8(ascii: "}"),
                UInt8(ascii: "|"), UInt8(ascii: "\\"), UInt8(ascii: "^"), UInt8(ascii: "`"):
                return false
            default:
                return true
            }
        }

        static func isBlank(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
        }

        static func lowercased(_ byte: UInt8) -> UInt8 {
            byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
        }
    }
}
