/// Hides all but the last four digits of a phone number (`+15555550199` → `+*******0199`), the way the Auth
/// Emulator masks second-factor hints. The embedded backend masks its hints with it, and `authflow mfa list`
/// masks looked-up numbers the same way, so a number reads alike wherever it appears.
public enum PhoneNumberMask {
    /// `number` with every digit except the last four replaced by `*`; other characters (and masks) stay.
    public static func mask(_ number: String) -> String {
        var digitsSeen = 0
        var characters = Array(number)
        for index in characters.indices.reversed() where characters[index].isASCII && characters[index].isNumber {
            digitsSeen += 1
            if digitsSeen > 4 { characters[index] = "*" }
        }
        return String(characters)
    }
}
