import AuthflowCore

/// An address refused before anything was sent or saved.
extension EmailAddressProblem {
    func cliMessage(for address: String) -> String {
        let shown = String(reflecting: address)
        let why =
            switch self {
            case .empty: "it is empty"
            case .missingAt: "it has no @"
            case .emptyLocalPart: "nothing comes before the @"
            case .badDomain: "the part after the @ is not a domain"
            case .whitespaceOrControl: "it contains a space, a line break or a control character"
            case .tooLong: "it is longer than 254 characters"
            }
        return "\(shown) is not an email address: \(why). Give the whole address, e.g. name@example.com; "
            + "nothing was sent."
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
