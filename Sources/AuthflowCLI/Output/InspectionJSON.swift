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
        object(for: LinkInspection?.none, problem: problem)
    }

    private static func object(for inspection: (some InspectionFields)?, problem: String?) -> [UInt8] {
        var json = JSONLineWriter()
        write(inspection, problem: problem, into: &json)
        return json.finished()
    }

    /// The members' keys, encoded once.
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
        static let error = JSONWriter.EncodedKey("error")
        static let layers = JSONWriter.EncodedKey("layers")
    }

    /// Writes the object's members into `json` (begun, not closed): batch mode reuses one writer for every line,
    /// and writes a line's fields from the bytes of its `LinkReading`.
    static func write(_ inspection: (some InspectionFields)?, problem: String?, into json: inout JSONLineWriter) {
        guard let inspection else {
            return write(
                kind: .unknown, mode: nil, callbackError: nil, layers: [LinkLayer](), text: .init(),
                problem: problem, into: &json)
        }
        // The result's parts taken out once: a `LinkReading` is large, and copying it per member showed.
        let (kind, mode, layers) = (inspection.kind, inspection.mode, inspection.layers)
        let callbackError = inspection.callbackError
        inspection.withText {
            write(
                kind: kind, mode: mode, callbackError: callbackError, layers: layers, text: $0, problem: problem,
                into: &json)
        }
    }

    /// The members, in their order, with the text fields' bytes in `text`.
    private static func write(
        kind: LinkKind, mode: EmailActionMode?, callbackError: FirebaseCallbackError?,
        layers: some Collection<LinkLayer>,
        text: LinkReading.Text, problem: String?, into json: inout JSONLineWriter
    ) {
        json.field(Key.kind, kind.rawValue)
        json.field(Key.mode, mode?.rawValue)
        json.field(Key.oobCode, utf8: text.oobCode)
        json.field(Key.apiKey, utf8: text.apiKey)
        json.field(Key.continueURL, utf8: text.continueURL)
        json.field(Key.lang, utf8: text.languageCode)
        json.field(Key.tenantID, utf8: text.tenantID)
        json.field(Key.link, utf8: text.link)
        json.field(Key.authType, utf8: text.authType)
        json.field(Key.eventID, utf8: text.eventID)
        json.field(Key.recaptchaToken, utf8: text.recaptchaToken)
        json.field(Key.error, object: callbackError.map { [("code", $0.code), ("message", $0.message)] })
        json.field(Key.layers, strings: layers.lazy.map(\.description))
        json.field(Key.shortLink, utf8: text.unresolvedShortLink)
        if let problem { json.field("problem", problem) }
    }
}
