/// Schemes that run script or name local data: `javascript:`, `data:`, `file:`, `blob:`, `vbscript:`. They
/// never carry an email action link or an auth callback, whatever their text contains; only `http`, `https`
/// and an app's own custom scheme do.
public enum InertScheme {
    /// The names in lowercase ASCII bytes.
    private static let names: [[UInt8]] = ["javascript", "data", "file", "blob", "vbscript"].map { Array($0.utf8) }

    /// Whether `link` starts with one of these schemes (ASCII case-insensitively, after leading white space).
    ///
    /// Compares bytes in place: it runs several times per link, and lowercasing the scheme into a new `String`
    /// for a set lookup was ~12 % of batch link inspection (callgrind). The answer is that of comparing whole
    /// characters: a colon followed by a non-ASCII byte (possibly a combining mark, which would make the colon
    /// part of a larger character) is left to the character-wise comparison.
    public static func starts(_ link: String) -> Bool {
        link.withUTF8Buffer(starts(bytes:))
    }

    /// ``starts(_:)`` over the UTF-8 bytes of a link.
    package static func starts(bytes link: UnsafeBufferPointer<UInt8>) -> Bool {
        var start = 0
        while start < link.count, link[start] == UInt8(ascii: " ") || link[start] == UInt8(ascii: "\t") {
            start += 1
        }
        for name in names where matches(name, at: UnsafeBufferPointer(rebasing: link[start...])) {
            let next = start + name.count + 1
            if next == link.count || link[next] < 0x80 { return true }
            return startsComparingCharacters(String(decoding: link, as: UTF8.self))
        }
        return false
    }

    /// `name` followed by `:` at the start of `text`, ASCII case-insensitively (`name` is lowercase letters, and
    /// `byte | 0x20` equals a lowercase letter only for that letter in either case).
    private static func matches(_ name: [UInt8], at text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard name.count < text.count else { return false }
        for (offset, letter) in name.enumerated() where text[offset] | 0x20 != letter { return false }
        return text[name.count] == UInt8(ascii: ":")
    }

    /// The character-wise comparison, for the rare colon followed by a non-ASCII character.
    private static func startsComparingCharacters(_ link: String) -> Bool {
        let trimmed = link.drop { $0 == " " || $0 == "\t" }
        guard let colon = trimmed.firstIndex(of: ":") else { return false }
        let scheme = Array(trimmed[..<colon].lowercased().utf8)
        return names.contains(scheme)
    }
}
