import AuthflowParsing

/// The `link inspect --json` object. Every key is always present (absent values are `null`), in this order,
/// so that `jq` filters and line-oriented tools see one shape.
enum InspectionJSON {
    static func line(for inspection: LinkInspection) -> [UInt8] {
        var json = JSONLineWriter()
        json.field("kind", inspection.kind.rawValue)
        json.field("mode", inspection.action?.mode.rawValue)
        json.field("oobCode", inspection.action?.oobCode)
        json.field("apiKey", inspection.action?.apiKey)
        json.field("continueUrl", inspection.action?.continueURL)
        json.field("lang", inspection.action?.languageCode)
        json.field("tenantId", inspection.action?.tenantID)
        json.field("link", inspection.link)
        json.field("authType", inspection.callback?.authType)
        json.field("eventId", inspection.callback?.eventID)
        json.field("recaptchaToken", inspection.callback?.recaptchaToken)
        json.field("error", object: inspection.callback?.error.map { [("code", $0.code), ("message", $0.message)] })
        json.field("layers", strings: inspection.layers.map(\.description))
        json.field("shortLink", inspection.unresolvedShortLink)
        return json.finished()
    }

    /// The object for a batch line that could not be inspected: kind `unknown` plus the reason in `problem`.
    static func line(forProblem problem: String) -> [UInt8] {
        var json = JSONLineWriter()
        json.field("kind", LinkKind.unknown.rawValue)
        for key in ["mode", "oobCode", "apiKey", "continueUrl", "lang", "tenantId", "link", "authType", "eventId",
                    "recaptchaToken", "error"] {
            json.field(key, nil)
        }
        json.field("layers", strings: [])
        json.field("shortLink", nil)
        json.field("problem", problem)
        return json.finished()
    }
}
