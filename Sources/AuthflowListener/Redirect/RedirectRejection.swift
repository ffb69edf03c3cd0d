/// The reasons the listener itself and its generic ``CallbackCheck/state(_:parameter:)`` check refuse a callback
/// for: nothing here is particular to OAuth or Firebase.
public enum RedirectRejection: CallbackRejectionReason, Hashable {
    /// A pasted or handed-over text is not a URL.
    case notURL
    /// A pasted `http(s)` URL is not this listener's callback address `expected`.
    case foreignAddress(expected: String)
    /// A pasted or handed-over URL's scheme is none the listener waits for.
    case foreignScheme(String)
    /// The listener already accepted a callback; it accepts only one.
    case alreadyAnswered
    /// The callback carries the parameter more than once, so it cannot be matched.
    case repeatedParameter(String)
    /// The callback lacks the parameter it is matched by (`state`).
    case missingParameter(String)
    /// The callback's matching parameter has another value: it belongs to another attempt.
    case mismatchedParameter(String)
    /// The URL holds a raw control character, `codePoint` (`U+000D`) the first: see ``CallbackURLError``.
    case controlCharacter(codePoint: String)

    public var code: CallbackRejectionCode {
        switch self {
        case .notURL: CallbackRejectionCode("not-url")
        case .foreignAddress(let expected): CallbackRejectionCode("foreign-address", [expected])
        case .foreignScheme(let scheme): CallbackRejectionCode("foreign-scheme", [scheme])
        case .alreadyAnswered: CallbackRejectionCode("already-answered")
        case .repeatedParameter(let name): CallbackRejectionCode("repeated-parameter", [name])
        case .missingParameter(let name): CallbackRejectionCode("missing-parameter", [name])
        case .mismatchedParameter(let name): CallbackRejectionCode("mismatched-parameter", [name])
        case .controlCharacter(let codePoint): CallbackRejectionCode("control-character", [codePoint])
        }
    }

    /// The reason `code` stands for, when it is one of these.
    public init?(code: CallbackRejectionCode) {
        switch (code.name, code.values.count) {
        case ("not-url", 0): self = .notURL
        case ("foreign-address", 1): self = .foreignAddress(expected: code.values[0])
        case ("foreign-scheme", 1): self = .foreignScheme(code.values[0])
        case ("already-answered", 0): self = .alreadyAnswered
        case ("repeated-parameter", 1): self = .repeatedParameter(code.values[0])
        case ("missing-parameter", 1): self = .missingParameter(code.values[0])
        case ("mismatched-parameter", 1): self = .mismatchedParameter(code.values[0])
        case ("control-character", 1): self = .controlCharacter(codePoint: code.values[0])
        default: return nil
        }
    }

    /// The reason in English, for logs and embedders.
    public var description: String {
        switch self {
        case .notURL: "That is not a URL."
        case .foreignAddress(let expected):
            "That URL is not this flow's callback (\(expected)); paste the address the browser ended on."
        case .foreignScheme(let scheme): "That URL's scheme (\(scheme):) is not one this flow waits for."
        case .alreadyAnswered: "This sign-in already received its answer; a callback is accepted only once."
        case .repeatedParameter(let name):
            "The callback carries \(name) more than once, so it cannot be matched to this sign-in."
        case .missingParameter(let name):
            "The callback has no \(name) parameter, so it cannot be matched to this sign-in."
        case .mismatchedParameter(let name):
            "The callback's \(name) does not match this sign-in; it belongs to another attempt."
        case .controlCharacter(let codePoint):
            "The URL holds a control character (\(codePoint)), which no callback URL carries unencoded."
        }
    }
}

extension RedirectRejection {
    /// The refusal of a URL that cannot be a callback URL at all.
    init(_ error: CallbackURLError) {
        self = .controlCharacter(codePoint: error.codePoint)
    }
}
