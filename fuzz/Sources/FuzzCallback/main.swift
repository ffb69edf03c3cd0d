// The callback parser: AuthCallback(url:), the firebaseError JSON (FirebaseCallbackError) and the custom
// scheme match (CallbackScheme). The input is `IDENTIFIER\nURL`: the first line is used both as an OAuth
// client ID and as a Google app ID, the rest as the callback URL; without a line break all of it is the URL.
import AuthflowParsing

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCallback(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let identifier: Substring
    let url: Substring
    if let newline = text.firstIndex(of: "\n") {
        identifier = text[..<newline]
        url = text[text.index(after: newline)...]
    } else {
        identifier = ""
        url = text[...]
    }

    let raw = FirebaseCallbackError(raw: text)
    check(!raw.explanation.isEmpty, "an error without an explanation")

    let schemes = [CallbackScheme(clientID: String(identifier)), CallbackScheme(appID: String(identifier))].compactMap { $0 }
    for scheme in schemes {
        check(scheme.scheme == scheme.scheme.lowercased(), "a scheme that is not lowercased")
    }
    guard let callback = AuthCallback(url: String(url)) else { return 0 }
    check(callback.error != nil || callback.recaptchaToken != nil || callback.link != nil || callback.eventID != nil,
          "a callback that carries nothing only a callback carries")
    if let error = callback.error { _ = (error.kind, error.explanation) }
    for scheme in schemes where scheme.accepts(callback) {
        check(callback.transport == .customScheme(scheme.scheme), "a scheme accepted a callback from elsewhere")
    }
    if case .customScheme(let scheme) = callback.transport {
        check(scheme == scheme.lowercased(), "a custom-scheme transport that is not lowercased")
    }
    return 0
}

/// A broken invariant is a finding: stop with the reason, so libFuzzer saves the input.
func check(_ condition: Bool, _ message: String) {
    if !condition { fatalError("invariant: \(message)") }
}
