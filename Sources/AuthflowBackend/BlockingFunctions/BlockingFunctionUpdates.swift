import AuthflowPrimitives

/// What a blocking function's reply changes: the fields its `userRecord.updateMask` names, read as the
/// emulator reads them, and for `beforeSignIn` the session claims for this sign-in's tokens.
struct BlockingFunctionUpdates: Sendable {
    /// `displayName`, `photoUrl` (cleared when the mask names them without a usable value), `disabled`,
    /// `emailVerified`.
    var profile = ProfileChanges()
    /// Serialized custom claims (``CustomClaims``).
    var customAttributes: String?
    /// Claims for this sign-in's tokens only.
    var sessionClaims: JSONObject?

    static let none = BlockingFunctionUpdates()

    /// Reads a reply object. Without `userRecord` nothing changes; with one, its `updateMask` is required.
    /// Names the mask does not know are ignored, and `sessionClaims` counts only for `beforeSignIn`.
    init(reply: JSONObject, event: BlockingFunctionEvent) throws(APIError) {
        guard let record = reply["userRecord"], record.isTruthy else { return }
        guard let mask = record["updateMask"], mask.isTruthy else {
            throw .badRequest("BLOCKING_FUNCTION_ERROR_RESPONSE : ((Response UserRecord is missing updateMask.))")
        }
        let names = mask.stringValue ?? JSONWriter.string(mask)
        for name in names.split(separator: ",", omittingEmptySubsequences: false) {
            switch name {
            case "displayName": profile.displayName = .some(Self.primitiveText(record["displayName"]))
            case "photoUrl": profile.photoUrl = .some(Self.primitiveText(record["photoUrl"]))
            case "disabled": profile.disabled = record["disabled"]?.isTruthy ?? false
            case "emailVerified": profile.emailVerified = record["emailVerified"]?.isTruthy ?? false
            case "customClaims":
                guard let claims = record["customClaims"] else { throw .badRequest("INVALID_CLAIMS") }
                customAttributes = try CustomClaims.serialized(claims)
            case "sessionClaims":
                guard event == .beforeSignIn else { continue }
                sessionClaims = record["sessionClaims"]?.objectValue
            default: continue
            }
        }
    }

    private init() {}

    /// Writes the changed fields into `account`.
    func apply(to account: inout Account) {
        profile.apply(to: &account)
        if let customAttributes { account.customAttributes = customAttributes }
    }

    /// A string, number or boolean as text; anything else is no value (the emulator's coercion).
    private static func primitiveText(_ value: JSONValue?) -> String? {
        switch value {
        case .string(let text): text
        case .number(let number): JSONWriter.format(number)
        case .bool(let flag): flag ? "true" : "false"
        default: nil
        }
    }
}
