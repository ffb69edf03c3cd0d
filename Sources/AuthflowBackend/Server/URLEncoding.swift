import AuthflowPrimitives
import Foundation

/// The three URL encodings the emulator's JavaScript uses, reproduced exactly because clients and tests
/// compare the resulting links byte for byte. The percent codec itself is AuthflowPrimitives'.
enum URLEncoding {
    /// `encodeURIComponent`: everything but `A–Z a–z 0–9 - _ . ! ~ * ' ( )` is percent-encoded (UTF-8).
    static func component(_ text: String) -> String {
        PercentEncoding.encodeComponent(text)
    }

    /// `URLSearchParams` serialisation (application/x-www-form-urlencoded): space becomes `+`, and
    /// everything but `A–Z a–z 0–9 * - . _` is percent-encoded.
    static func form(_ text: String) -> String {
        // Spaces are escaped as %20 first, then written as `+`: no other byte encodes to that sequence.
        PercentEncoding.encode(text) { PercentEncoding.isAlphanumeric($0) || "*-._".utf8.contains($0) }
            .replacingOccurrences(of: "%20", with: "+")
    }

    /// Express's `encodeurl`, applied to every redirect target: characters a URL may not hold (spaces,
    /// quotes, controls, non-ASCII) are percent-encoded, existing `%XX` escapes are kept. This also keeps
    /// line breaks out of the `Location` header.
    static func redirectTarget(_ url: String) -> String {
        let bytes = Array(url.utf8)
        var output = ""
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%"), index + 2 < bytes.count,
                PercentDecoding.hexValue(bytes[index + 1]) != nil, PercentDecoding.hexValue(bytes[index + 2]) != nil
            {
                output += "%"
            } else if isAllowedInRedirect(byte) {
                output.unicodeScalars.append(UnicodeScalar(byte))
            } else {
                output += percent(byte)
            }
            index += 1
        }
        return output
    }

    /// `encodeurl`'s unreserved set: `! #-; = ?-_ a-z | ~`.
    private static func isAllowedInRedirect(_ byte: UInt8) -> Bool {
        byte == 0x21 || (0x23...0x3B).contains(byte) && byte != 0x25 || byte == 0x3D || (0x3F...0x5F).contains(byte)
            || (0x61...0x7A).contains(byte) || byte == 0x7C || byte == 0x7E
    }

    /// Serialises pairs as `URLSearchParams.toString()` does.
    static func formQuery(_ pairs: [(String, String)]) -> String {
        pairs.map { form($0.0) + "=" + form($0.1) }.joined(separator: "&")
    }

    /// Decodes `%XX` escapes (and `+` as space when `plusIsSpace`); a malformed escape is kept literally,
    /// as `URLSearchParams` does, and invalid UTF-8 becomes U+FFFD.
    static func decode(_ text: Substring, plusIsSpace: Bool) -> String {
        PercentDecoding.decode(text, plusAsSpace: plusIsSpace)
    }

    private static func percent(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return "%" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0x0F)])
    }
}
