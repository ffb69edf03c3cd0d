/// The `eventId` of one hosted reCAPTCHA attempt: it plays the role OAuth's `state` plays, so only the
/// answer to this attempt is accepted.
///
/// iOS makes 10 letters `A`–`Z`; authflow keeps that alphabet (nothing shows the handler accepts others)
/// but draws 32 of them from the system CSPRNG, about 150 bits, because here the value also guards a
/// loopback handoff other local programs could try to answer.
enum VerifyAppEventID {
    static let length = 32

    static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ".unicodeScalars)
        var text = String.UnicodeScalarView()
        for _ in 0..<length {
            text.append(letters[Int.random(in: 0..<letters.count, using: &generator)])
        }
        return String(text)
    }
}
