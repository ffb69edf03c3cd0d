import AuthflowParsing
import AuthflowPrimitives

/// What `link inspect`'s JSON object and batch line read from a result: a `LinkInspection` (its `String`s, as
/// single links and expanded short links have it) or a `LinkReading` (byte ranges, as a batch line has it), so
/// each output format has one definition for both.
protocol InspectionFields {
    associatedtype Layers: Collection<LinkLayer>
    var kind: LinkKind { get }
    var mode: EmailActionMode? { get }
    /// The callback's error (its other fields are text, given by ``withText(_:)``).
    var callbackError: FirebaseCallbackError? { get }
    var layers: Layers { get }
    /// Runs `body` once with the UTF-8 bytes of every text field.
    func withText(_ body: (LinkReading.Text) -> Void)
}

extension LinkReading: InspectionFields {}

extension LinkInspection: InspectionFields {
    var mode: EmailActionMode? { action?.mode }
    var callbackError: FirebaseCallbackError? { callback?.error }

    /// The `String`s copied into one buffer (single links and expanded short links only; batch lines are read).
    func withText(_ body: (LinkReading.Text) -> Void) {
        let fields = [
            action?.oobCode, action?.apiKey, action?.continueURL, action?.languageCode, action?.tenantID, link,
            innermost, unresolvedShortLink, callback?.authType, callback?.eventID, callback?.recaptchaToken,
        ]
        var bytes: [UInt8] = []
        let ranges = fields.map { field in
            field.map { field in
                let start = bytes.count
                bytes.append(contentsOf: field.utf8)
                return start..<bytes.count
            }
        }
        bytes.withUnsafeBufferPointer { buffer in
            let slices = ranges.map { $0.map { UnsafeBufferPointer(rebasing: buffer[$0]) } }
            var text = LinkReading.Text()
            text.oobCode = slices[0]
            text.apiKey = slices[1]
            text.continueURL = slices[2]
            text.languageCode = slices[3]
            text.tenantID = slices[4]
            text.link = slices[5]
            text.innermost = slices[6]
            text.unresolvedShortLink = slices[7]
            text.authType = slices[8]
            text.eventID = slices[9]
            text.recaptchaToken = slices[10]
            body(text)
        }
    }
}
