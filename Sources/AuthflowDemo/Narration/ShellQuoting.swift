import Foundation

/// Quotes words for a POSIX shell, so a printed command can be pasted back and run unchanged.
enum ShellQuoting {
    /// `arguments` joined by spaces, each quoted only when it needs to be.
    static func line(_ arguments: [String]) -> String {
        arguments.map(word).joined(separator: " ")
    }

    /// One word: as is when it holds only characters no shell treats specially, else in single quotes.
    static func word(_ text: String) -> String {
        let plain =
            !text.isEmpty
            && text.unicodeScalars.allSatisfy { scalar in
                scalar.properties.isAlphabetic && scalar.isASCII || ("0"..."9").contains(scalar)
                    || "@%+=:,./-_".unicodeScalars.contains(scalar)
            }
        if plain { return text }
        return "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}
