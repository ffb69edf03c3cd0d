/// Why text cannot be an email address, found before anything is sent or saved. Production answers
/// `INVALID_EMAIL` for these addresses; the emulator checks only `^[^@]+@[^@]+$` and so accepts most of them.
public enum EmailAddressProblem: Error, Sendable, Equatable {
    /// Nothing was given.
    case empty
    /// There is no `@`.
    case missingAt
    /// More than one `@` (`a@@b.com`, `a@b.com,c@d.com`): one address, without quotes or a display name.
    case moreThanOneAt
    /// Nothing comes before the `@`.
    case emptyLocalPart
    /// The part before the `@` is longer than the 64 bytes RFC 5321 allows; `length` is its length in bytes.
    case localPartTooLong(length: Int)
    /// The part before the `@` holds a character a dot-atom cannot (`<`, `,`, `"`, `(`, a non-ASCII letter).
    case localPartCharacter(Unicode.Scalar)
    /// The part before the `@` starts or ends with a dot, or has two dots in a row (`.a@b.com`).
    case misplacedDot
    /// Nothing, or an empty label (`a@.com`, `a@b..c`), comes after the `@`.
    case badDomain
    /// The domain holds a character no domain name can (`>`, `,`, `_`, `[`).
    case domainCharacter(Unicode.Scalar)
    /// A label of the domain (`-b` in `a@-b.com`) starts or ends with a hyphen.
    case domainLabelHyphen(label: String)
    /// A label of the domain is longer than the 63 bytes DNS allows.
    case domainLabelTooLong(label: String)
    /// A space, a line break or another control character.
    case whitespaceOrControl
    /// An invisible formatting character (U+202E RIGHT-TO-LEFT OVERRIDE, a zero-width space, a soft hyphen):
    /// it makes the address look like another one.
    case invisibleCharacter(Unicode.Scalar)
    /// Longer than the 254 characters an address may have.
    case tooLong
}

/// The client-side check of an email address, the one rule every flow that takes an address applies before it
/// sends or saves anything: `local@domain`, as Firebase's production service accepts it.
///
/// - The local part is an RFC 5322 dot-atom (ASCII letters, digits and ``atomSpecials``; dots only between
///   them) of at most 64 bytes (RFC 5321 §4.5.3.1.1). Quoted local parts (`"a b"@c.com`), which the RFCs allow
///   but Firebase refuses, are refused too; so are non-ASCII local parts, which Identity Toolkit's sign-in
///   calls answer with `INVALID_EMAIL`.
/// - The domain is labels of letters, digits and hyphens (RFC 5321 `sub-domain`), none empty, none starting or
///   ending with a hyphen, none longer than 63 bytes. Non-ASCII letters (an internationalized domain) and a
///   single label (`user@localhost`, which the emulator accepts) are left to the server.
/// - The whole address has at most 254 bytes, and no whitespace, control or invisible formatting character.
public enum EmailAddressCheck {
    /// The characters a dot-atom allows besides ASCII letters and digits (RFC 5322 `atext`).
    public static let atomSpecials: Set<Unicode.Scalar> = [
        "!", "#", "$", "%", "&", "'", "*", "+", "-", "/", "=", "?", "^", "_", "`", "{", "|", "}", "~",
    ]
    /// The longest local part, in bytes (RFC 5321 §4.5.3.1.1).
    public static let maximumLocalPartBytes = 64
    /// The longest label of a domain, in bytes (RFC 1035 §2.3.4).
    public static let maximumLabelBytes = 63
    /// The longest address, in bytes (RFC 5321's 256-byte path, less its angle brackets).
    public static let maximumAddressBytes = 254

    /// Throws when `address` does not have the shape of an email address: what every flow that takes an address
    /// calls before it sends or saves anything.
    public static func check(_ address: String) throws(InvalidEmailAddress) {
        if let problem = problem(in: address) { throw InvalidEmailAddress(address: address, problem: problem) }
    }

    /// The problem with `text` as an email address, or nil when it has the right shape.
    public static func problem(in text: String) -> EmailAddressProblem? {
        guard !text.isEmpty else { return .empty }
        guard text.utf8.count <= maximumAddressBytes else { return .tooLong }
        let scalars = text.unicodeScalars
        if scalars.contains(where: isWhitespaceOrControl) { return .whitespaceOrControl }
        if let invisible = scalars.first(where: { $0.properties.generalCategory == .format }) {
            return .invisibleCharacter(invisible)
        }
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count > 1 else { return .missingAt }
        guard parts.count == 2 else { return .moreThanOneAt }
        return localPartProblem(parts[0]) ?? domainProblem(parts[1])
    }

    private static func isWhitespaceOrControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isWhitespace || scalar.properties.generalCategory == .control
    }

    private static func localPartProblem(_ local: Substring) -> EmailAddressProblem? {
        guard !local.isEmpty else { return .emptyLocalPart }
        if let wrong = local.unicodeScalars.first(where: { !isAtomCharacter($0) && $0 != "." }) {
            return .localPartCharacter(wrong)
        }
        // ASCII from here on, so its bytes are its characters.
        guard local.utf8.count <= maximumLocalPartBytes else { return .localPartTooLong(length: local.utf8.count) }
        guard local.first != ".", local.last != ".", !local.contains("..") else { return .misplacedDot }
        return nil
    }

    private static func domainProblem(_ domain: Substring) -> EmailAddressProblem? {
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
        guard !domain.isEmpty, !labels.contains(where: \.isEmpty) else { return .badDomain }
        if let wrong = domain.unicodeScalars.first(where: {
            $0.isASCII && !isLetterOrDigit($0) && $0 != "-" && $0 != "."
        }) {
            return .domainCharacter(wrong)
        }
        if let label = labels.first(where: { $0.utf8.count > maximumLabelBytes }) {
            return .domainLabelTooLong(label: String(label))
        }
        if let label = labels.first(where: { $0.first == "-" || $0.last == "-" }) {
            return .domainLabelHyphen(label: String(label))
        }
        return nil
    }

    private static func isAtomCharacter(_ scalar: Unicode.Scalar) -> Bool {
        isLetterOrDigit(scalar) || atomSpecials.contains(scalar)
    }

    private static func isLetterOrDigit(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
    }
}

/// An address refused by ``EmailAddressCheck`` before anything was sent or saved.
public struct InvalidEmailAddress: Error, Sendable, Equatable, CustomStringConvertible {
    /// The text given as the address.
    public let address: String
    /// What is wrong with it.
    public let problem: EmailAddressProblem

    /// `address` refused for `problem`.
    public init(address: String, problem: EmailAddressProblem) {
        self.address = address
        self.problem = problem
    }

    public var description: String {
        "\(String(reflecting: address)) is not an email address (\(problem)); nothing was sent."
    }
}
