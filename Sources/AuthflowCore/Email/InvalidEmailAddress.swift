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
