import AuthflowCore
import AuthflowLocalization

/// An address refused before anything was sent or saved.
extension EmailAddressProblem {
    func cliMessage(for address: String) -> String {
        let shown = QuotedText.quoted(address)
        let why =
            switch self {
            case .empty: localized("it is empty")
            case .missingAt: localized("it has no @")
            case .moreThanOneAt: localized("it has more than one @ (give one address, without a name or <>)")
            case .emptyLocalPart: localized("nothing comes before the @")
            case .localPartTooLong(let length):
                localized("the part before the @ is \(length) characters long; at most 64 are allowed")
            case .localPartCharacter(let scalar):
                localized("the part before the @ contains \(Self.shown(scalar)), which an address cannot hold there")
            case .misplacedDot:
                localized("the part before the @ starts or ends with a dot, or has two dots in a row")
            case .badDomain: localized("the part after the @ is not a domain")
            case .domainCharacter(let scalar):
                localized("the part after the @ contains \(Self.shown(scalar)), which a domain name cannot hold")
            case .domainLabelHyphen(let label):
                localized("\(QuotedText.quoted(label)) in the domain starts or ends with a hyphen")
            case .domainLabelTooLong(let label):
                localized("\(QuotedText.quoted(label)) in the domain is longer than 63 characters")
            case .whitespaceOrControl: localized("it contains a space, a line break or a control character")
            case .invisibleCharacter(let scalar):
                localized(
                    "it contains the invisible character \(Self.codePoint(scalar)), which can make it look like "
                        + "another address")
            case .tooLong: localized("it is longer than 254 characters")
            }
        return localized(
            "\(shown) is not an email address: \(why). Give the whole address, e.g. name@example.com; "
                + "nothing was sent.")
    }

    /// A character as a message shows it: quoted, with its code point when it is not ASCII.
    private static func shown(_ scalar: Unicode.Scalar) -> String {
        let quoted = QuotedText.quoted(String(scalar))
        return scalar.isASCII ? quoted : "\(quoted) (\(codePoint(scalar)))"
    }

    private static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}

extension InvalidEmailAddress {
    var cliMessage: String { problem.cliMessage(for: address) }
}

extension CommandFailure {
    /// Refuses `address` (exit 2) unless it has the shape of an email address: for a command that would ask for
    /// more (a password) before the library sees the address.
    static func checkEmailAddress(_ address: String) throws(CommandFailure) {
        do { try EmailAddressCheck.check(address) } catch { throw CommandFailure(error.cliMessage, status: .usage) }
    }

    /// A failed sign-in method lookup: an address that is no address is 2, the rest as the service's failures.
    static func from(_ error: SignInMethodLookupError) -> CommandFailure {
        switch error {
        case .invalidEmail(let invalid): CommandFailure(invalid.cliMessage, status: .usage)
        case .service(let service): from(service)
        }
    }
}
