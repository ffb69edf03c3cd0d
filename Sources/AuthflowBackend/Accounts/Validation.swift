/// The emulator's deliberately loose input checks.
enum Validation {
    /// Two non-empty parts joined by one `@` (`^[^@]+@[^@]+$`).
    static func isEmail(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        return parts.count == 2 && !parts[0].isEmpty && !parts[1].isEmpty
    }

    /// Emails are compared lower-cased.
    static func canonicalEmail(_ text: String) -> String {
        text.lowercased()
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
