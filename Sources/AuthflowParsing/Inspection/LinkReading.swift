import AuthflowPrimitives

/// What ``OfflineLinkInspector`` found in one link, held as byte ranges in the buffers it was read into.
///
/// The classification is made once, here; a ``LinkInspection`` (its `String`s) is built from it with
/// ``LinkInspection/init(_:)``, and batch output writes its fields straight from the bytes (``withText(_:)``), so
/// a batch line's fields never become `String`s.
public struct LinkReading: Sendable {
    /// The classification.
    public let kind: LinkKind
    /// The callback's fields, decoded into ``values``, for ``LinkKind/authCallback``.
    let callbackFields: CallbackFields?
    /// The action's fields, decoded into ``values``, for ``LinkKind/emailAction``.
    let action: ActionCodeFields?
    /// The action link, or the innermost URL reached, in ``levels`` (unused for a callback).
    let url: Range<Int>
    /// The wrappers peeled are the first `depth` of `allLayers`.
    private let allLayers: [LinkLayer]
    private let depth: Int
    /// Whether the innermost URL is a short link, to be resolved online before it can be classified.
    public let hasUnresolvedShortLink: Bool
    /// The unwrapper's buffers as they were when the link was read (shared, not copied, until it reads the next).
    let levels: [UInt8]
    let values: [UInt8]

    init(
        kind: LinkKind, found: ActionLinkUnwrapper.Workspace.Found, callback: CallbackFields?,
        hasUnresolvedShortLink: Bool, workspace: ActionLinkUnwrapper.Workspace
    ) {
        self.kind = kind
        callbackFields = callback
        action = found.action
        url = found.url
        allLayers = workspace.layers
        depth = found.depth
        self.hasUnresolvedShortLink = hasUnresolvedShortLink
        levels = workspace.levels
        values = workspace.values
    }

    /// The UTF-8 bytes of the fields that hold text, `nil` where ``LinkInspection`` has `nil`; valid only inside
    /// the closure they are given to.
    public struct Text {
        /// ``ActionCodeURL/oobCode``.
        public var oobCode: UnsafeBufferPointer<UInt8>?
        /// ``ActionCodeURL/apiKey``.
        public var apiKey: UnsafeBufferPointer<UInt8>?
        /// ``ActionCodeURL/continueURL``.
        public var continueURL: UnsafeBufferPointer<UInt8>?
        /// ``ActionCodeURL/languageCode``.
        public var languageCode: UnsafeBufferPointer<UInt8>?
        /// ``ActionCodeURL/tenantID``.
        public var tenantID: UnsafeBufferPointer<UInt8>?
        /// ``LinkInspection/link``: the action link, or the callback's OAuth `link`.
        public var link: UnsafeBufferPointer<UInt8>?
        /// ``LinkInspection/innermost``.
        public var innermost: UnsafeBufferPointer<UInt8>?
        /// ``LinkInspection/unresolvedShortLink``.
        public var unresolvedShortLink: UnsafeBufferPointer<UInt8>?
        /// ``AuthCallback/authType``.
        public var authType: UnsafeBufferPointer<UInt8>?
        /// ``AuthCallback/eventID``.
        public var eventID: UnsafeBufferPointer<UInt8>?
        /// ``AuthCallback/recaptchaToken``.
        public var recaptchaToken: UnsafeBufferPointer<UInt8>?

        /// Every field `nil`.
        public init() {}
    }

    /// What an action link does, for ``LinkKind/emailAction``.
    public var mode: EmailActionMode? { action?.mode }

    /// The callback's fields as `String`s, for ``LinkKind/authCallback`` (batch output reads them with
    /// ``withText(_:)`` and ``callbackError``).
    public var callback: AuthCallback? {
        callbackFields.map { AuthCallback($0, values: values, url: urlText) }
    }

    /// ``AuthCallback/error``, the only callback field batch output needs as more than bytes (rare).
    public var callbackError: FirebaseCallbackError? {
        callbackFields?.firebaseError.map { range in
            values.withUnsafeBufferPointer {
                FirebaseCallbackError(raw: String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self))
            }
        }
    }

    /// The wrappers peeled, outermost first.
    public var layers: ArraySlice<LinkLayer> { allLayers.prefix(depth) }

    /// Runs `body` once with the bytes of every text field (one call per line: batch output writes them all).
    public func withText(_ body: (Text) -> Void) {
        levels.withUnsafeBufferPointer { levels in
            values.withUnsafeBufferPointer { values in
                let url = UnsafeBufferPointer(rebasing: levels[url])
                var text = Text()
                if let action {
                    text.oobCode = UnsafeBufferPointer(rebasing: values[action.oobCode])
                    text.apiKey = UnsafeBufferPointer(rebasing: values[action.apiKey])
                    text.continueURL = action.continueURL.map { UnsafeBufferPointer(rebasing: values[$0]) }
                    text.languageCode = action.languageCode.map { UnsafeBufferPointer(rebasing: values[$0]) }
                    text.tenantID = action.tenantID.map { UnsafeBufferPointer(rebasing: values[$0]) }
                    text.link = url
                }
                text.unresolvedShortLink = hasUnresolvedShortLink ? url : nil
                text.innermost = url
                if let callback = callbackFields {
                    func bytes(_ range: Range<Int>?) -> UnsafeBufferPointer<UInt8>? {
                        range.map { UnsafeBufferPointer(rebasing: values[$0]) }
                    }
                    text.innermost = bytes(callback.callbackURL) ?? url
                    text.link = bytes(callback.link)
                    text.authType = bytes(callback.authType)
                    text.eventID = bytes(callback.eventID)
                    text.recaptchaToken = bytes(callback.recaptchaToken)
                }
                body(text)
            }
        }
    }

    /// `url` as a `String`.
    var urlText: String {
        levels.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[url]), as: UTF8.self) }
    }
}

extension LinkInspection {
    /// The inspection `reading` describes, its fields made into `String`s.
    public init(_ reading: LinkReading) {
        let url = reading.urlText
        let callback = reading.callbackFields.map { AuthCallback($0, values: reading.values, url: url) }
        self.init(
            kind: reading.kind,
            action: reading.action.map { ActionCodeURL($0, in: reading.values, link: url) },
            callback: callback, layers: Array(reading.layers),
            innermost: callback?.callbackURL ?? url,
            unresolvedShortLink: reading.hasUnresolvedShortLink ? url : nil)
    }
}
