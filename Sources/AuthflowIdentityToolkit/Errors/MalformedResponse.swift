/// A reply this client cannot use: not JSON, or JSON without a field the call needs.
public struct MalformedResponse: Sendable, Hashable {
    /// The HTTP status of the reply.
    public let status: Int
    /// What is wrong, e.g. `the reply is not JSON` or `"sessionInfo" is missing`.
    public let problem: String
    /// The start of a non-JSON body with long token-like runs removed, or the field names of a JSON body
    /// (never values, which may be tokens). Empty when there is nothing useful to show.
    public let excerpt: String

    /// A description of an unusable reply.
    public init(status: Int, problem: String, excerpt: String) {
        self.status = status
        self.problem = problem
        self.excerpt = excerpt
    }
}
