import AuthflowParsing

/// The `link inspect --json` object. Every key is always present (absent values are `null`), in this order,
/// so that `jq` filters and line-oriented tools see one shape.
enum InspectionJSON {
    static func line(for inspection: LinkInspection) -> [UInt8] {
        object(for: inspection, problem: nil)
    }

    /// The object for a batch line that could not be inspected: kind `unknown`, every field `null`, and the
    /// reason in `problem`.
    static func line(forProblem problem: String) -> [UInt8] {
        object(for: nil, problem: problem)
    }

    private static func object(for inspection: LinkInspection?, problem: String?) -> [UInt8] {
        var json = JSONLineWriter()
        write(inspection, problem: problem, into: &json)
        return json.finished()
    }

    /// Writes the object's members into `json` (begun, not closed): batch mode reuses one writer for every line.
    static func write(_ inspection: LinkInspection?, problem: String?, into json: inout JSONLineWriter) {
        let action = inspection?.action
        let callback = inspection?.callback
        json.field("kind", (inspection?.kind ?? .unknown).rawValue)
        json.field("mode", action?.mode.rawValue)
        json.field("oobCode", action?.oobCode)
        json.field("apiKey", action?.apiKey)
        json.field("continueUrl", action?.continueURL)
        json.field("lang", action?.languageCode)
        json.field("tenantId", action?.tenantID)
        json.field("link", inspection?.link)
        json.field("authType", callback?.authType)
        json.field("eventId", callback?.eventID)
        json.field("recaptchaToken", callback?.recaptchaToken)
        json.field("error", object: callback?.error.map { [("code", $0.code), ("message", $0.message)] })
        json.field("layers", strings: inspection?.layers.map(\.description) ?? [])
        json.field("shortLink", inspection?.unresolvedShortLink)
        if let problem { json.field("problem", problem) }
    }
}
