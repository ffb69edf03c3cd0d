/// Percent-encoding, the one codec every layer uses: `encodeURIComponent`-style for links and test vectors the
/// way the SDKs build them, and strict RFC 3986 for the values authflow sends itself.
public enum PercentEncoding {
    /// Escapes everything except `A–Z a–z 0–9 - _ . ! ~ * ' ( )`, as JavaScript's `encodeURIComponent` does.
    public static func encodeComponent(_ text: String) -> String {
        encode(text) { isAlphanumeric($0) || isMark($0) }
    }

    /// Escapes everything except RFC 3986's unreserved `A–Z a–z 0–9 - . _ ~`. Stricter than a query needs on
    /// purpose: `+`, `&`, `=`, `/` and `'` in a key, nonce or token must reach a server as data, and form decoders
    /// would otherwise read `+` as a space.
    public static func encodeUnreserved(_ text: String) -> String {
        encode(text) {
            isAlphanumeric($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "_")
                || $0 == UInt8(ascii: "~")
        }
    }

    /// Escapes every byte `keep` rejects as `%XX` (upper-case hex), keeping the rest as they are.
    public static func encode(_ text: String, keeping keep: (UInt8) -> Bool) -> String {
        var output = [UInt8]()
        output.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if keep(byte) {
                output.append(byte)
            } else {
                output.append(UInt8(ascii: "%"))
                output.append(hexDigits[Int(byte >> 4)])
                output.append(hexDigits[Int(byte & 0x0F)])
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// `A–Z a–z 0–9`.
    public static func isAlphanumeric(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return false
        }
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    private static func isMark(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "!"), UInt8(ascii: "~"),
            UInt8(ascii: "*"), UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"):
            return true
        default:
            return false
        }
    }
}
