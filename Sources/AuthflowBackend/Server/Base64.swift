import AuthflowPrimitives
import Foundation

/// Base64 helpers for strict JWT segment decoding and the emulator's padded standard base64; encoding a
/// segment is the parsing layer's `Base64URL.encode`.
enum Base64 {
    /// Strict base64url without padding, as a JWT segment must be; `nil` for anything else.
    static func urlDecoded(_ text: Substring) -> [UInt8]? {
        guard !text.isEmpty,
            text.utf8.allSatisfy({ isURLAlphabet($0) }),
            text.utf8.count % 4 != 1
        else { return nil }
        var standard = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        standard += String(repeating: "=", count: (4 - standard.utf8.count % 4) % 4)
        return Data(base64Encoded: standard).map { Array($0) }
    }

    static func standardEncoded(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString()
    }

    /// Decodes leniently like Node's `Buffer.from(s, "base64")`: characters outside either alphabet are
    /// skipped and padding is optional.
    static func lenientDecoded(_ text: String) -> [UInt8] {
        var cleaned = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "A"..."Z", "a"..."z", "0"..."9", "+", "/": cleaned.unicodeScalars.append(scalar)
            case "-": cleaned += "+"
            case "_": cleaned += "/"
            default: continue
            }
        }
        if cleaned.utf8.count % 4 == 1 { cleaned.removeLast() }
        cleaned += String(repeating: "=", count: (4 - cleaned.utf8.count % 4) % 4)
        return Data(base64Encoded: cleaned).map { Array($0) } ?? []
    }

    static func isURLAlphabet(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
    }
}
