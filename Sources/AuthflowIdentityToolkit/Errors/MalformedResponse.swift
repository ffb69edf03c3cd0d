/// A reply this client cannot use: not JSON, or JSON without a field the call needs.
public struct MalformedResponse: Sendable, Hashable {
    /// The HTTP status of the reply.
    public let status: Int
    /// What is wrong, e.g. the reply is not JSON, or `sessionInfo` is missing.
    public let problem: Problem
    /// The start of a non-JSON body with long token-like runs removed, or the field names of a JSON body
    /// (never values, which may be tokens). Empty when there is nothing useful to show.
    public let excerpt: String

    /// A description of an unusable reply.
    public init(status: Int, problem: Problem, excerpt: String) {
        self.status = status
        self.problem = problem
        self.excerpt = excerpt
    }

    /// What is wrong with a reply, for a front end to word.
    public enum Problem: Sendable, Hashable, CustomStringConvertible {
        /// The body is not JSON.
        case notJSON
        /// The body is JSON but not an object.
        case notJSONObject
        /// A field the call needs is missing; `field` is its path, e.g. `mfaInfo[0].mfaEnrollmentId`.
        case missing(field: String)
        /// A field holds a value of the wrong type.
        case unexpectedValue(field: String)
        /// The reply could not be decoded for another reason.
        case undecodable
        /// An error reply without an `error` object.
        case noErrorObject

        /// The problem in English, for logs and embedders.
        public var description: String {
            switch self {
            case .notJSON: "the reply is not JSON"
            case .notJSONObject: "the reply is not a JSON object"
            case .missing(let field): "\"\(field)\" is missing"
            case .unexpectedValue(let field): "\"\(field)\" has an unexpected value"
            case .undecodable: "the reply could not be decoded"
            case .noErrorObject: "the error reply has no \"error\" object"
            }
        }
    }
}
