/// The random identifiers of one hosted-handler attempt: the `eventId` its answer must carry, which plays the
/// role OAuth's `state` plays, and the raw `sessionId` a redirect sign-in sends to `signInWithIdp` after the
/// page was given its SHA-256.
///
/// iOS makes 10 letters `A`–`Z`; authflow keeps that alphabet (nothing shows the handler accepts others)
/// but draws 32 of them from the system CSPRNG, about 150 bits, because here the value also guards a
/// loopback handoff other local programs could try to answer.
enum HostedHandlerID {
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
