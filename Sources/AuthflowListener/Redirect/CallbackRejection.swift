import AuthflowPrimitives

/// Why a callback was not accepted: a typed reason the check that refused it defines, which a front end words
/// in its own language. The listener knows nothing of what the reason means; it shows it on the browser's page
/// (through ``CallbackPageWording``), hands it to the caller of ``RedirectListener/submit(_:)``, and sends its
/// ``code`` to `authflow handle-url` in another process, which words it in that process's language.
///
/// `description` is the reason in English, for logs, embedders, and handoff senders older than the code.
public protocol CallbackRejectionReason: Sendable, CustomStringConvertible {
    /// The reason as a stable machine code: what crosses the handoff.
    var code: CallbackRejectionCode { get }
}

/// A rejection reason as a stable machine code: a name such as `missing-parameter` and the values the reason
/// carries, in order. It never holds a sentence, so the process that receives it can word it in its language.
public struct CallbackRejectionCode: Sendable, Hashable, CustomStringConvertible {
    /// The reason's name: lowercase words joined by `-`, unique among every check's reasons.
    public let name: String
    /// The values the reason carries (a parameter name, a scheme), in the order its type defines.
    public let values: [String]

    /// A code named `name` carrying `values`.
    public init(_ name: String, _ values: [String] = []) {
        self.name = name
        self.values = values
    }

    /// The code as it crosses the handoff (the ``HandoffEndpoint/rejectionHeader`` header): form-encoded
    /// `reason=NAME` followed by one `value=…` per value.
    public var wire: String {
        (["reason=" + PercentEncoding.encodeUnreserved(name)]
            + values.map { "value=" + PercentEncoding.encodeUnreserved($0) }).joined(separator: "&")
    }

    /// Reads ``wire``; nil when it names no reason.
    public init?(wire: String) {
        let parameters = QueryParameters(form: wire)
        guard let name = parameters.nonEmptyValue("reason", rule: .firstWins) else { return nil }
        self.init(name, parameters.pairs.filter { $0.name == "value" }.map(\.value))
    }

    /// The code as `name(value, …)`, for logs.
    public var description: String {
        values.isEmpty ? name : "\(name)(\(values.joined(separator: ", ")))"
    }
}
