/// The emulator's deliberately loose input checks.
enum Validation {
    /// Two non-empty parts joined by one `@` (`^[^@]+@[^@]+$`).
    static func isEmail(_ text: String) -> Bool {
        let at = UInt8(ascii: "@")
        guard let first = text.utf8.firstIndex(of: at) else { return false }
        return first != text.utf8.startIndex && text.utf8.lastIndex(of: at) == first
            && text.utf8.index(after: first) != text.utf8.endIndex
    }

    /// Emails are compared lower-cased; one already lower-case ASCII is kept as it is (no copy).
    static func canonicalEmail(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 && !(0x41...0x5A).contains($0) }) { return text }
        return text.lowercased()
    }

    /// Only the leading `+` of the international format is required.
    static func isPhoneNumber(_ text: String) -> Bool {
        text.hasPrefix("+")
    }

    static let minimumPasswordLength = 6

    static func checkPassword(_ password: String) throws(APIError) {
        try ensure(
            password.count >= minimumPasswordLength,
            "WEAK_PASSWORD : Password should be at least \(minimumPasswordLength) characters"
        )
    }
}

/// The emulator stores passwords readably on purpose (it is a test tool): `fakeHash:salt=…:password=…`.
enum PasswordHash {
    static func make(_ password: String) -> (hash: String, salt: String) {
        let salt = "fakeSalt" + RandomText.alphanumeric(20)
        return (hash(password, salt: salt), salt)
    }

    static func hash(_ password: String, salt: String) -> String {
        "fakeHash:salt=\(salt):password=\(password)"
    }
}
