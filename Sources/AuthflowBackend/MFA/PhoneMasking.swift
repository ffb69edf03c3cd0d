/// Masks a phone number the way the emulator does for MFA hints: every digit except the last four becomes
/// `*`, other characters stay (`+15555550199` → `+*******0199`).
enum PhoneMasking {
    static func mask(_ phoneNumber: String) -> String {
        var digitsSeen = 0
        var characters = Array(phoneNumber)
        for index in characters.indices.reversed() where characters[index].isASCII && characters[index].isNumber {
            digitsSeen += 1
            if digitsSeen > 4 { characters[index] = "*" }
        }
        return String(characters)
    }
}
