import AuthflowCore
import AuthflowLocalization

/// An address refused before anything was sent or saved.
extension EmailAddressProblem {
    func cliMessage(for address: String) -> String {
        let shown = String(reflecting: address)
        let why =
            switch self {
            case .empty: localized("it is empty")
            case .missingAt: localized("it has no @")
            case .emptyLocalPart: localized("nothing comes before the @")
            case .badDomain: localized("the part after the @ is not a domain")
            case .whitespaceOrControl: localized("it contains a space, a line break or a control character")
            case .tooLong: localized("it is longer than 254 characters")
            }
        return localized(
            "\(shown) is not an email address: \(why). Give the whole address, e.g. name@example.com; "
                + "nothing was sent.")
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
