import AuthflowPrimitives

/// What a ``RedirectListener`` tells the browser, the handoff sender or the person pasting about a callback.
public enum CallbackVerdict: Sendable, Hashable {
    /// It answers this flow: the wait ends with it.
    case accepted
    /// It answers this flow but reports a failure (an OAuth `error`, a `firebaseError`): the wait ends with
    /// it, and the browser is told what went wrong, worded by the installed ``CallbackPageWording``.
    case acceptedWithError(any CallbackFailure)
    /// It is not this flow's (wrong or missing state): answered 400, and the flow keeps waiting.
    case rejected(any CallbackRejectionReason)

    /// Whether the wait ends with this callback.
    public var isAccepted: Bool {
        if case .rejected = self { return false }
        return true
    }

    /// Two rejections are equal when their codes are; two failures when they are of one type and their English
    /// descriptions match.
    public static func == (lhs: CallbackVerdict, rhs: CallbackVerdict) -> Bool {
        switch (lhs, rhs) {
        case (.accepted, .accepted): true
        case (.acceptedWithError(let left), .acceptedWithError(let right)):
            type(of: left) == type(of: right) && left.description == right.description
        case (.rejected(let left), .rejected(let right)): left.code == right.code
        default: false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .accepted:
            hasher.combine(0)
        case .acceptedWithError(let failure):
            hasher.combine(1)
            hasher.combine(failure.description)
        case .rejected(let reason):
            hasher.combine(2)
            hasher.combine(reason.code)
        }
    }
}

/// A check's ruling on one callback: the typed answer the wait ends with, or why the callback is not this
/// flow's.
public enum CallbackRuling<Answer: Sendable>: Sendable {
    /// It answers this flow: the wait ends with `answer`.
    case accepted(Answer)
    /// It answers this flow with a failure: the wait ends with `answer` (which says so), and the browser is
    /// shown the typed `failure`, worded by the installed ``CallbackPageWording``.
    case acceptedWithError(Answer, failure: any CallbackFailure)
    /// It is not this flow's, for the check's typed `reason`: the wait goes on.
    case rejected(any CallbackRejectionReason)

    /// The answer the wait ends with, when the callback is accepted.
    public var answer: Answer? {
        switch self {
        case .accepted(let answer), .acceptedWithError(let answer, _): answer
        case .rejected: nil
        }
    }

    /// The ruling without its answer, as the listener reports it.
    public var verdict: CallbackVerdict {
        switch self {
        case .accepted: .accepted
        case .acceptedWithError(_, let failure): .acceptedWithError(failure)
        case .rejected(let reason): .rejected(reason)
        }
    }
}

/// Decides whether a callback belongs to the waiting flow and turns it into the flow's typed answer, once.
/// The listener knows nothing of OAuth or Firebase; the flow that opened the browser supplies this check, and
/// ``RedirectListener/callback(timeout:)`` returns the answer the check made.
public struct CallbackCheck<Answer: Sendable>: Sendable {
    private let rule: @Sendable (RedirectCallback) -> CallbackRuling<Answer>

    /// A check made of any rule; it runs on a server thread and must not block.
    public init(_ rule: @escaping @Sendable (RedirectCallback) -> CallbackRuling<Answer>) {
        self.rule = rule
    }

    /// The ruling on `callback`, with the answer it makes.
    public func ruling(on callback: RedirectCallback) -> CallbackRuling<Answer> {
        rule(callback)
    }

    /// The verdict on `callback`, without the answer.
    public func verdict(on callback: RedirectCallback) -> CallbackVerdict {
        rule(callback).verdict
    }
}

extension CallbackCheck where Answer == RedirectCallback {
    /// The RFC 6749 rule: the `parameter` (default `state`) must equal `expected`, compared in constant time.
    /// The answer is the callback itself, for the caller to read its parameters.
    ///
    /// The value is looked up among the callback's own parameters, then inside parameters whose value is itself
    /// a URL (a custom-scheme callback wraps the real one in `deep_link_id` or `link`), a few levels deep.
    /// A matching callback that carries an OAuth `error` is accepted as a failure
    /// (``RedirectFailure/authorizationError(error:detail:)``), with `error_description` when the server gave one.
    public static func state(_ expected: String, parameter: String = "state") -> CallbackCheck {
        CallbackCheck { callback in
            // Two values of the state or the code (`?state=A&state=B`, or a form_post whose body repeats the
            // query's code) leave it open which one the server meant: refuse rather than pick one. So does a state
            // repeated inside a wrapped callback.
            let names = callback.parameters.names
            for name in [parameter, "code"] where names.lazy.filter({ $0 == name }).count > 1 {
                return .rejected(RedirectRejection.repeatedParameter(name))
            }
            let found: String
            switch lookup(parameter, in: callback.parameters, depth: 3) {
            case .found(let value): found = value
            case .repeated: return .rejected(RedirectRejection.repeatedParameter(parameter))
            case .absent: return .rejected(RedirectRejection.missingParameter(parameter))
            }
            guard ConstantTime.equal(found, expected) else {
                return .rejected(RedirectRejection.mismatchedParameter(parameter))
            }
            if let error = callback.parameters.nonEmptyValue("error", rule: .firstWins) {
                let detail = callback.parameters.nonEmptyValue("error_description", rule: .firstWins)
                return .acceptedWithError(
                    callback, failure: RedirectFailure.authorizationError(error: error, detail: detail))
            }
            return .accepted(callback)
        }
    }

    /// What a lookup of a parameter found.
    private enum Lookup {
        case found(String)
        case repeated
        case absent
    }

    /// The parameter `name` among `parameters`, else inside the first of their values that is a URL holding it,
    /// up to `depth` wrappings down; repeated wherever it is found more than once.
    private static func lookup(_ name: String, in parameters: QueryParameters, depth: Int) -> Lookup {
        let values = parameters.pairs.lazy.filter { $0.name == name }.map(\.value)
        if let value = values.first { return values.dropFirst().isEmpty ? .found(value) : .repeated }
        guard depth > 0 else { return .absent }
        for pair in parameters.pairs where pair.value.contains("://") {
            // A wrapped URL holding a control character is no callback: nothing is looked up inside it.
            guard let nested = try? RedirectCallback(url: pair.value, route: .paste) else { continue }
            let inner = lookup(name, in: nested.parameters, depth: depth - 1)
            if case .absent = inner { continue }
            return inner
        }
        return .absent
    }
}

/// The failure the generic ``CallbackCheck/state(_:parameter:)`` check reads from a matching callback: nothing
/// here is particular to OAuth providers or Firebase.
public enum RedirectFailure: CallbackFailure, Hashable {
    /// The authorization server answered with an OAuth `error` (RFC 6749 §4.1.2.1), and its `error_description`
    /// when it gave one. Both are the server's own text, shown as sent.
    case authorizationError(error: String, detail: String?)

    /// The failure in English, for logs and embedders.
    public var description: String {
        switch self {
        case .authorizationError(let error, nil):
            "The authorization server answered with an error: \(error)."
        case .authorizationError(let error, let detail?):
            "The authorization server answered with an error: \(error) (\(detail))."
        }
    }
}
