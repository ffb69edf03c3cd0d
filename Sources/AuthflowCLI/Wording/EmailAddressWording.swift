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

extension CommandFailure {
    /// Refuses `address` (exit 2) unless it has the shape of an email address.
    static func checkEmailAddress(_ address: String) throws(CommandFailure) {
        if let problem = EmailAddressCheck.problem(in: address) {
            throw CommandFailure(problem.cliMessage(for: address), status: .usage)
        }
    }
}
