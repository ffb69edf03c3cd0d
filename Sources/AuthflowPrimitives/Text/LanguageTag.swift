/// A BCP 47 language tag as Firebase takes it for SMS, emails and hosted pages (`fr`, `pt-BR`, `zh-Hant-TW`).
/// Only the syntax is checked: a 2–8 letter language, then subtags of 1–8 letters or digits joined by `-`.
/// That keeps anything that could break out of the `X-Firebase-Locale` header (CR, LF, spaces) from
/// reaching it.
public enum LanguageTag {
    /// Whether `text` is a well-formed language tag.
    public static func isWellFormed(_ text: String) -> Bool {
        let subtags = text.utf8.split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
        guard let language = subtags.first, (2...8).contains(language.count),
            language.allSatisfy(isLetter)
        else { return false }
        return subtags.dropFirst().allSatisfy { subtag in
            (1...8).contains(subtag.count) && subtag.allSatisfy { isLetter($0) || isDigit($0) }
        }
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}
