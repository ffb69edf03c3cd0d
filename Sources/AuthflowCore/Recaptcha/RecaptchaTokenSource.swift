import AuthflowIdentityToolkit

/// What a reCAPTCHA Enterprise token is wanted for: the action, the project's site key, and the project.
public struct RecaptchaTokenRequest: Sendable, Equatable {
    /// The action the token must be issued for.
    public var action: RecaptchaAction
    /// The project's reCAPTCHA Enterprise site key (from `recaptchaConfig`).
    public var siteKey: String
    /// The project the token is for.
    public var project: SessionProject

    /// A request for a token for `action` with `siteKey`.
    public init(action: RecaptchaAction, siteKey: String, project: SessionProject) {
        self.action = action
        self.siteKey = siteKey
        self.project = project
    }
}

/// Where reCAPTCHA Enterprise tokens come from: the loopback page in a browser
/// (``RecaptchaBrowserTokenSource``) or a command the user owns (``RecaptchaTokenProgram``).
public protocol RecaptchaTokenSource: Sendable {
    /// Whether a token comes without anyone's attention (a command does; the page needs someone at a browser).
    /// Under AUDIT a token is attached up front, as the SDKs attach one once they know the configuration, only
    /// from such a source: the page is shown only when the server asks for a token.
    var isUnattended: Bool { get }

    /// A fresh token for `request`. Tokens are single-use: each call gets a new one.
    func token(for request: RecaptchaTokenRequest) async throws(RecaptchaProtectionError) -> String
}
