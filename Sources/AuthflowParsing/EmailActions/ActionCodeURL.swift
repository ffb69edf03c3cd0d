import AuthflowPrimitives

/// The fields of a Firebase email action link (`…/__/auth/action?apiKey=…&mode=…&oobCode=…`).
///
/// Any host and path qualify: custom domains, the emulator's `/emulator/action`, and the continue URL the
/// emulator redirects to all carry the same parameters. Parsing follows the JS SDK's `ActionCodeURL`:
/// `+` is kept, the last duplicate wins, the fragment is ignored, `apiKey`, `oobCode` and a known `mode`
/// are required.
public struct ActionCodeURL: Sendable, Hashable {
    /// What the link does.
    public let mode: EmailActionMode
    /// The one-time code the server checks.
    public let oobCode: String
    /// The API key of the project that sent the link (`fake-api-key` under the emulator).
    public let apiKey: String
    /// Where the app wanted the user to land afterwards, decoded.
    public let continueURL: String?
    /// The language the email was sent in (`lang`; the legacy `languageCode` is ignored, as the SDKs do).
    public let languageCode: String?
    /// The tenant the link belongs to, for multi-tenant projects.
    public let tenantID: String?
    /// The link exactly as it was parsed.
    public let link: String

    /// Parses `link`, or returns `nil` when it is not an action link.
    public init?(_ link: String) {
        guard let query = URLParts.query(of: link[...]) else { return nil }
        self.init(link, query: RawQuery(query))
    }

    /// The same, with `link`'s query already split (the damage check, the nested link and the action are read
    /// from one split).
    init?(_ link: String, query parameters: RawQuery) {
        guard !InertScheme.starts(link) else { return nil }
        self.init(query: parameters, link: { link })
    }

    /// The same for a link already known not to have an inert scheme.
    init?(query parameters: RawQuery, link: () -> String) {
        guard let fields = ActionCodeFields(query: parameters) else { return nil }
        var values: [UInt8] = []
        self.init(fields.decoded(from: parameters, into: &values), in: values, link: link())
    }

    /// The action whose decoded fields sit in `values` (see ``ActionCodeFields/decoded(from:into:)``).
    init(_ fields: ActionCodeFields, in values: [UInt8], link: String) {
        func text(_ range: Range<Int>) -> String {
            values.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self) }
        }
        self.mode = fields.mode
        self.oobCode = text(fields.oobCode)
        self.apiKey = text(fields.apiKey)
        self.continueURL = fields.continueURL.map(text)
        self.languageCode = fields.languageCode.map(text)
        self.tenantID = fields.tenantID.map(text)
        self.link = link
    }

    /// Whether this link signs a user in (operation `EMAIL_SIGNIN`).
    public var isSignIn: Bool { mode == .signIn }
}
