import AuthflowPrimitives

/// The project's v2 config (`projects/<id>/config`) as the emulator keeps it: a document holding
/// `signIn.allowDuplicateEmails`, `blockingFunctions` and `emailPrivacyConfig`, plus anything an `updateMask`
/// copied in (stored and returned, with no effect). The project itself always allows every sign-in method and
/// has SMS second factors enabled, as the emulator's top-level project does.
struct ProjectConfigDocument: Sendable {
    private(set) var document: JSONObject

    init(improvedEmailPrivacy: Bool = false) {
        document = JSONObject([
            ("signIn", ["allowDuplicateEmails": false]),
            ("blockingFunctions", .object(JSONObject())),
            ("emailPrivacyConfig", ["enableImprovedEmailPrivacy": .bool(improvedEmailPrivacy)]),
        ])
    }

    /// `signIn.allowDuplicateEmails` (the emulator's `oneAccountPerEmail` is its negation).
    var allowDuplicateEmails: Bool { document["signIn"]?["allowDuplicateEmails"] == .bool(true) }

    /// `emailPrivacyConfig.enableImprovedEmailPrivacy`.
    var improvedEmailPrivacy: Bool {
        document["emailPrivacyConfig"]?["enableImprovedEmailPrivacy"]?.isTruthy ?? false
    }

    /// The function URL configured for `event`, if any.
    func functionURL(_ event: BlockingFunctionEvent) -> String? {
        document["blockingFunctions"]?["triggers"]?[event.rawValue]?["functionUri"]?.stringValue
    }

    /// Whether any trigger is configured, so operations may have to call out.
    var hasTriggers: Bool { BlockingFunctionEvent.allCases.contains { functionURL($0) != nil } }

    /// `blockingFunctions.forwardInboundCredentials.<credential>` (`idToken`, `accessToken`, `refreshToken`).
    func forwards(_ credential: String) -> Bool {
        document["blockingFunctions"]?["forwardInboundCredentials"]?[credential] == .bool(true)
    }

    /// A full update (no `updateMask`): the three known settings take the body's values or production
    /// defaults; fields a masked update copied in stay.
    mutating func replace(with body: JSONObject) {
        var signIn = document["signIn"]?.objectValue ?? JSONObject()
        signIn["allowDuplicateEmails"] = .bool(body["signIn"]?["allowDuplicateEmails"] == .bool(true))
        document["signIn"] = .object(signIn)
        document["blockingFunctions"] = .object(body["blockingFunctions"]?.objectValue ?? JSONObject())
        var privacy = document["emailPrivacyConfig"]?.objectValue ?? JSONObject()
        privacy["enableImprovedEmailPrivacy"] = .bool(
            body["emailPrivacyConfig"]?["enableImprovedEmailPrivacy"]?.isTruthy ?? false)
        document["emailPrivacyConfig"] = .object(privacy)
    }

    /// A masked update (see ``UpdateMask``).
    mutating func apply(mask: String, from body: JSONObject) {
        document = UpdateMask.apply(mask, to: document, from: body)
    }

    /// Keeps `emailPrivacyConfig.enableImprovedEmailPrivacy` equal to `value`.
    mutating func setImprovedEmailPrivacy(_ value: Bool) {
        var privacy = document["emailPrivacyConfig"]?.objectValue ?? JSONObject()
        privacy["enableImprovedEmailPrivacy"] = .bool(value)
        document["emailPrivacyConfig"] = .object(privacy)
    }
}
