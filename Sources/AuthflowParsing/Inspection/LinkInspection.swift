/// Everything learned about one link.
public struct LinkInspection: Sendable, Hashable {
    /// The classification.
    public let kind: LinkKind
    /// The action link's fields, for ``LinkKind/emailAction``.
    public let action: ActionCodeURL?
    /// The callback's fields, for ``LinkKind/authCallback``.
    public let callback: AuthCallback?
    /// The wrappers peeled, outermost first.
    public let layers: [LinkLayer]
    /// The innermost URL reached: the action link, or for other kinds the URL after unwrapping.
    public let innermost: String
    /// Set when the innermost URL is a short link that must be resolved online before it can be classified.
    public let unresolvedShortLink: String?

    /// The link a flow consumes: the innermost action link, or the callback's OAuth `link`.
    public var link: String? {
        switch kind {
        case .emailAction: action?.link
        case .authCallback: callback?.link
        case .unknown: nil
        }
    }

    /// An inspection result; inspectors build these, flows and tests may too.
    public init(
        kind: LinkKind, action: ActionCodeURL?, callback: AuthCallback?, layers: [LinkLayer],
        innermost: String, unresolvedShortLink: String?
    ) {
        self.kind = kind
        self.action = action
        self.callback = callback
        self.layers = layers
        self.innermost = innermost
        self.unresolvedShortLink = unresolvedShortLink
    }
}

/// What a link turned out to be.
public enum LinkKind: String, Sendable, Hashable {
    /// A Firebase email action link (sign-in, password reset, verification, …), possibly wrapped.
    case emailAction
    /// A result from a hosted Firebase page: reCAPTCHA token, OAuth response or error.
    case authCallback
    /// Nothing Firebase Authentication understands.
    case unknown
}
