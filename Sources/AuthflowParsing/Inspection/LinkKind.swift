/// What a link turned out to be.
public enum LinkKind: String, Sendable, Hashable {
    /// A Firebase email action link (sign-in, password reset, verification, …), possibly wrapped.
    case emailAction
    /// A result from a hosted Firebase page: reCAPTCHA token, OAuth response or error.
    case authCallback
    /// Nothing Firebase Authentication understands.
    case unknown
}
