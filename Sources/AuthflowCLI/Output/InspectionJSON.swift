import AuthflowParsing
import AuthflowPrimitives

/// The `link inspect --json` object. Every key is always present (absent values are `null`), in this order,
/// so that `jq` filters and line-oriented tools see one shape.
enum InspectionJSON {
    static func line(for inspection: LinkInspection) -> [UInt8] {
        var json = JSONLineWriter()
        write(inspection, problem: nil, into: &json)
        return json.finished()
    }

    /// The object for a batch line that could not be inspected: kind `unknown`, every field `null`, and the
    /// reason in `problem`.
    static func line(forProblem problem: String) -> [UInt8] {
        var json = JSONLineWriter()
        write(
            kind: .unknown, mode: nil, callbackError: nil, layers: [LinkLayer](), text: .init(), problem: problem,
            keys: Keys.shared, into: &json)
        return json.finished()
    }

    /// The members' keys, encoded once, in one instance: the batch reads it once per line (a `static let` per
    /// key cost a `swift_once` call per member).
    private final class Keys: Sendable {
        static let shared = Keys()

        let kind = JSONWriter.EncodedKey("kind")
        let mode = JSONWriter.EncodedKey("mode")
        let oobCode = JSONWriter.EncodedKey("oobCode")
        let apiKey = JSONWriter.EncodedKey("apiKey")
        let continueURL = JSONWriter.EncodedKey("continueUrl")
        let lang = JSONWriter.EncodedKey("lang")
        let tenantID = JSONWriter.EncodedKey("tenantId")
        let link = JSONWriter.EncodedKey("link")
        let authType = JSONWriter.EncodedKey("authType")
        let eventID = JSONWriter.EncodedKey("eventId")
        let recaptchaToken = JSONWriter.EncodedKey("recaptchaToken")
        let shortLink = JSONWriter.EncodedKey("shortLink")
        let error = JSONWriter.EncodedKey("error")
        let layers = JSONWriter.EncodedKey("layers")
    }

    /// Writes the object's members into `json` (begun, not closed): batch mode reuses one writer for every line,
    /// and writes a line's fields from the bytes of its `LinkReading` (passed on as it is, not copied into an
    /// `Optional`: a `LinkReading` holds three arrays, and each copy retained and released them).
    static func write(_ inspection: some InspectionFields, problem: String?, into json: inout JSONLineWriter) {
        // The result's parts taken out once: a `LinkReading` is large, and copying it per member showed.
        let (kind, mode, layers) = (inspection.kind, inspection.mode, inspection.layers)
        let callbackError = inspection.callbackError
        let keys = Keys.shared
        inspection.withText {
            write(
                kind: kind, mode: mode, callbackError: callbackError, layers: layers, text: $0, problem: problem,
                keys: keys, into: &json)
        }
    }

    /// The members, in their order, with the text fields' bytes in `text`.
    private static func write(
        kind: LinkKind, mode: EmailActionMode?, callbackError: FirebaseCallbackError?,
        layers: some Collection<LinkLayer>,
        text: LinkReading.Text, problem: String?, keys: Keys, into json: inout JSONLineWriter
    ) {
        json.field(keys.kind, kind.rawValue)
        json.field(keys.mode, mode?.rawValue)
        json.field(keys.oobCode, utf8: text.oobCode)
        json.field(keys.apiKey, utf8: text.apiKey)
        json.field(keys.continueURL, utf8: text.continueURL)
        json.field(keys.lang, utf8: text.languageCode)
        json.field(keys.tenantID, utf8: text.tenantID)
        json.field(keys.link, utf8: text.link)
        json.field(keys.authType, utf8: text.authType)
        json.field(keys.eventID, utf8: text.eventID)
        json.field(keys.recaptchaToken, utf8: text.recaptchaToken)
        json.field(keys.error, object: callbackError.map { [("code", $0.code), ("message", $0.message)] })
        json.field(keys.layers, strings: layers.lazy.map(\.description))
        json.field(keys.shortLink, utf8: text.unresolvedShortLink)
        if let problem { json.field("problem", problem) }
    }
}
