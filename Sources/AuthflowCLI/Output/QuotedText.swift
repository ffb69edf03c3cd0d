/// Text from outside shown inside a message, so that it can neither forge output nor hide what it is.
enum QuotedText {
    /// `text` in double quotes, as Swift writes a string literal (`\"`, `\\`, `\n`, `\r`, `\t`), with every other
    /// character that moves the cursor, changes the text's direction or shows nothing written as `\u{…}`: C0 and
    /// C1 controls, DEL, format characters (U+202E RIGHT-TO-LEFT OVERRIDE, zero-width spaces, the soft hyphen)
    /// and the line and paragraph separators.
    static func quoted(_ text: String) -> String {
        var shown = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": shown += "\\\""
            case "\\": shown += "\\\\"
            case "\n": shown += "\\n"
            case "\r": shown += "\\r"
            case "\t": shown += "\\t"
            default:
                switch scalar.properties.generalCategory {
                case .control, .format, .lineSeparator, .paragraphSeparator:
                    shown += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                default:
                    shown.unicodeScalars.append(scalar)
                }
            }
        }
        return shown + "\""
    }
}
