import AuthflowPrimitives

/// The `firebaseError` a hosted Firebase page sends back instead of a result.
///
/// The value is JSON, `{"code":"auth/…","message":"…"}`. Both SDKs tolerate a malformed one differently, so the
/// raw text is kept and ``kind`` says how to treat it.
public struct FirebaseCallbackError: Sendable, Hashable {
    /// The `code`, such as `auth/invalid-oauth-client-id`, when the JSON had a string one.
    public let code: String?
    /// The `message`, when the JSON had a string one.
    public let message: String?
    /// The decoded `firebaseError` value as received.
    public let raw: String

    /// How a flow should treat the error.
    public enum Kind: Sendable, Hashable {
        /// The client or app ID does not match the API key: a configuration problem.
        case invalidClientID
        /// The hosted page could not reach Firebase.
        case networkRequestFailed
        /// The hosted page failed internally.
        case internalError
        /// Any other well-formed `auth/…` error.
        case other
        /// JSON without a string `code` and `message`.
        case incomplete
        /// Not JSON at all.
        case unparsable
    }

    /// Classifies the error as the iOS SDK does for the phone flow.
    public var kind: Kind {
        guard isJSON else { return .unparsable }
        guard let code, message != nil else { return .incomplete }
        switch code {
        case "auth/invalid-oauth-client-id": return .invalidClientID
        case "auth/network-request-failed": return .networkRequestFailed
        case "auth/internal-error": return .internalError
        default: return .other
        }
    }

    private let isJSON: Bool

    /// Parses a decoded `firebaseError` value.
    public init(raw: String) {
        self.raw = raw
        // An open shape (any members, of any kind), so the project's JSON value, not a Codable type.
        let object = (try? JSONParser.parse(raw))?.objectValue
        isJSON = object != nil
        code = object?["code"]?.stringValue
        message = object?["message"]?.stringValue
    }

    /// A sentence for people, with the server's wording where it gave one.
    public var explanation: String {
        switch kind {
        case .invalidClientID:
            "Configuration error: the OAuth client ID or app ID does not match the API key."
        case .networkRequestFailed:
            "The Firebase sign-in page could not reach the network; try again."
        case .internalError:
            "The Firebase sign-in page failed internally; try again later."
        case .other:
            "[\(code ?? "")] \(message ?? "")"
        case .incomplete, .unparsable:
            "An unknown error occurred with the following response: \(raw)"
        }
    }
}
