import AuthflowParsing
import AuthflowPrimitives

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

    /// The string members' keys, encoded once.
    private enum Key {
        static let kind = JSONWriter.EncodedKey("kind")
        static let mode = JSONWriter.EncodedKey("mode")
        static let oobCode = JSONWriter.EncodedKey("oobCode")
        static let apiKey = JSONWriter.EncodedKey("apiKey")
        static let continueURL = JSONWriter.EncodedKey("continueUrl")
        static let lang = JSONWriter.EncodedKey("lang")
        static let tenantID = JSONWriter.EncodedKey("tenantId")
        static let link = JSONWriter.EncodedKey("link")
        static let authType = JSONWriter.EncodedKey("authType")
        static let eventID = JSONWriter.EncodedKey("eventId")
        static let recaptchaToken = JSONWriter.EncodedKey("recaptchaToken")
        static let shortLink = JSONWriter.EncodedKey("shortLink")
    }

    /// Writes the object's members into `json` (begun, not closed): batch mode reuses one writer for every line.
    static func write(_ inspection: LinkInspection?, problem: String?, into json: inout JSONLineWriter) {
        let action = inspection?.action
        let callback = inspection?.callback
        json.field(Key.kind, (inspection?.kind ?? .unknown).rawValue)
        json.field(Key.mode, action?.mode.rawValue)
        json.field(Key.oobCode, action?.oobCode)
        json.field(Key.apiKey, action?.apiKey)
        json.field(Key.continueURL, action?.continueURL)
        json.field(Key.lang, action?.languageCode)
        json.field(Key.tenantID, action?.tenantID)
        json.field(Key.link, inspection?.link)
        json.field(Key.authType, callback?.authType)
        json.field(Key.eventID, callback?.eventID)
        json.field(Key.recaptchaToken, callback?.recaptchaToken)
        json.field("error", object: callback?.error.map { [("code", $0.code), ("message", $0.message)] })
        json.field("layers", strings: inspection?.layers.map(\.description) ?? [])
        json.field(Key.shortLink, inspection?.unresolvedShortLink)
        if let problem { json.field("problem", problem) }
    }
}
