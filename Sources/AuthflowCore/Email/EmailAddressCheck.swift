/// Why text cannot be an email address, found before anything is sent or saved (production answers
/// `INVALID_EMAIL` for the same addresses, but the emulator accepts some of them for sign-in links).
public enum EmailAddressProblem: Error, Sendable, Equatable {
    /// Nothing was given.
    case empty
    /// There is no `@`.
    case missingAt
    /// Nothing comes before the `@`.
    case emptyLocalPart
    /// Nothing, or an empty label (`a@.com`, `a@b..c`), comes after the `@`.
    case badDomain
    /// A space, a line break or another control character.
    case whitespaceOrControl
    /// Longer than the 254 characters an address may have.
    case tooLong
}

/// The client-side check of an email address: the shape `local@domain`, no spaces or control characters.
/// Deliberately lenient about the rest (quoted local parts, single-label domains such as `user@localhost`);
/// the server has the last word.
public enum EmailAddressCheck {
    /// Throws when `address` does not have the shape of an email address: what every flow that takes an address
    /// calls before it sends or saves anything.
    public static func check(_ address: String) throws(InvalidEmailAddress) {
        if let problem = problem(in: address) { throw InvalidEmailAddress(address: address, problem: problem) }
    }

    /// The problem with `text` as an email address, or nil when it has the right shape.
    public static func problem(in text: String) -> EmailAddressProblem? {
        guard !text.isEmpty else { return .empty }
        guard text.utf8.count <= 254 else { return .tooLong }
        guard
            !text.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.value < 0x20 || $0.value == 0x7F })
        else { return .whitespaceOrControl }
        guard let at = text.lastIndex(of: "@") else { return .missingAt }
        guard at != text.startIndex else { return .emptyLocalPart }
        let domain = text[text.index(after: at)...]
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
        guard !domain.isEmpty, !labels.contains(where: \.isEmpty) else { return .badDomain }
        return nil
    }
}
