/// The hosted reCAPTCHA page's answer to one attempt, read once from its callback by
/// ``HostedVerifyAppCallback``: the reCAPTCHA v2 token, or the error the page sent instead.
public struct HostedVerifyAppAnswer: Sendable {
    /// The token, or why there is none (the page's `firebaseError`, or an answer carrying neither).
    public let token: Result<String, PhoneSignInError>

    /// An answer carrying `token`.
    public init(token: Result<String, PhoneSignInError>) {
        self.token = token
    }
}
