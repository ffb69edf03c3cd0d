import AuthflowParsing
import Testing

/// The callback vectors of protocol reference §12.2.
struct AuthCallbackTests {
    let prefix =
        "com.googleusercontent.apps.123://firebaseauth/link?deep_link_id="
        + "https%3A%2F%2Fexample.firebaseapp.com%2F__%2Fauth%2Fcallback%3F"

    func errorCallback(code: String, message: String, authType: String) -> String {
        prefix + "firebaseError%3D%257B%2522code%2522%253A%2522auth%252F\(code)%2522%252C%2522message%2522%253A%2522"
            + "\(message)%2522%257D%26authType%3D\(authType)"
    }

    @Test func recaptchaToken() throws {
        let callback = try #require(
            AuthCallback(
                url: prefix
                    + "authType%3DverifyApp%26recaptchaToken%3DfakeReCAPTCHAToken%26eventId%3DEVENTID01"))
        #expect(callback.transport == .customScheme("com.googleusercontent.apps.123"))
        #expect(callback.authType == "verifyApp")
        #expect(callback.recaptchaToken == "fakeReCAPTCHAToken")
        #expect(callback.eventID == "EVENTID01")
        #expect(callback.error == nil)
        #expect(callback.callbackURL.hasPrefix("https://example.firebaseapp.com/__/auth/callback?"))
    }

    @Test func withoutEventIDTheCallbackHasNone() throws {
        let callback = try #require(AuthCallback(url: prefix + "authType%3DverifyApp%26recaptchaToken%3Dtok"))
        #expect(callback.eventID == nil)
    }

    @Test(arguments: [
        "com.googleusercontent.apps.123://firebaseauth/link?deep_link_id=https",
        "com.googleusercontent.apps.123://firebaseauth/link?deep_link_id=badquery",
        "com.googleusercontent.apps.123://badhost/link?deep_link_id=https%3A%2F%2Fx%2F__%2Fauth%2Fcallback%3FeventId%3D1",
        "com.googleusercontent.apps.123://firebaseauth/badpath?deep_link_id=https%3A%2F%2Fx%2F__%2Fauth%2Fcallback%3FeventId%3D1",
        "com.googleusercontent.apps.123://firebaseauth/link?other=1",
        "https://example.com/somewhere?eventId=1",
    ])
    func notCallbacks(url: String) {
        #expect(AuthCallback(url: url) == nil)
    }

    @Test func oauthLinkBecomesRequestURI() throws {
        let callback = try #require(
            AuthCallback(
                url: prefix
                    + "authType%3DsignInWithRedirect%26link%3DfakeOAuthResponseURL%26eventId%3DEVT"))
        #expect(callback.link == "fakeOAuthResponseURL")
        #expect(callback.authType == "signInWithRedirect")
    }

    @Test func invalidClientIDError() throws {
        let message =
            "The%2520OAuth%2520client%2520ID%2520provided%2520is%2520either%2520invalid%2520or%2520does%2520"
            + "not%2520match%2520the%2520specified%2520API%2520key."
        for authType in ["verifyApp", "signInWithRedirect"] {
            let callback = try #require(
                AuthCallback(
                    url: errorCallback(
                        code: "invalid-oauth-client-id", message: message, authType: authType)))
            let error = try #require(callback.error)
            #expect(error.code == "auth/invalid-oauth-client-id")
            #expect(
                error.message
                    == "The OAuth client ID provided is either invalid or does not match the specified API key.")
            #expect(error.kind == .invalidClientID)
            #expect(callback.authType == authType)
        }
    }

    @Test func networkAndInternalErrors() throws {
        let network = try #require(
            AuthCallback(
                url: errorCallback(
                    code: "network-request-failed", message: "The%2520network%2520request%2520failed%2520.",
                    authType: "verifyApp")))
        #expect(network.error?.kind == .networkRequestFailed)
        let internalError = try #require(
            AuthCallback(
                url: errorCallback(
                    code: "internal-error", message: "Internal%2520error%2520.", authType: "verifyApp")))
        #expect(internalError.error?.kind == .internalError)
        #expect(internalError.error?.message == "Internal error .")
    }

    @Test func otherErrorKeepsCodeAndMessage() throws {
        let callback = try #require(
            AuthCallback(
                url: errorCallback(
                    code: "unknown-error-id", message: "Something%2520odd", authType: "verifyApp")))
        #expect(callback.error?.kind == .other)
        #expect(callback.error?.explanation == "[auth/unknown-error-id] Something odd")
    }

    @Test func unstructuredErrorIsIncomplete() throws {
        let callback = try #require(
            AuthCallback(
                url: prefix
                    + "firebaseError%3D%257B%2522unstructuredcode%2522%253A%2522auth%252Funknown-error-id%2522%252C%2522"
                    + "unstructuredmessage%2522%253A%2522x%2522%257D%26authType%3DverifyApp"))
        #expect(callback.error?.kind == .incomplete)
        #expect(callback.error?.explanation.hasPrefix("An unknown error occurred with the following response:") == true)
    }

    @Test func unparsableError() throws {
        let callback = try #require(
            AuthCallback(url: prefix + "firebaseError%3Dnot-json%26authType%3DsignInWithRedirect"))
        #expect(callback.error?.kind == .unparsable)
    }

    /// Produced by the Auth Emulator's widget (reference §12.2).
    @Test func emulatorWidgetCallback() throws {
        let url =
            "com.googleusercontent.apps.123-abc://firebaseauth/link?deep_link_id=http%3A%2F%2F127.0.0.1%3A9099%2F"
            + "__%2Fauth%2Fcallback%3FauthType%3DsignInWithRedirect%26link%3Dhttp%253A%252F%252F127.0.0.1%253A9099%252F"
            + "emulator%252Fauth%252Fhandler%253FproviderId%253Dapple.com%2526id_token%253D%25257B%252522sub%252522%25253A"
            + "%252522apple-sim-1%252522%25252C%252522iss%252522%25253A%252522%252522%25252C%252522aud%252522%25253A%252522"
            + "%252522%25252C%252522exp%252522%25253A0%25252C%252522iat%252522%25253A0%25252C%252522email%252522%25253A"
            + "%252522sim%252540example.com%252522%25252C%252522email_verified%252522%25253Atrue%25257D%26eventId%3DEVT42"
        let callback = try #require(AuthCallback(url: url))
        #expect(callback.eventID == "EVT42")
        #expect(
            callback.callbackURL.hasPrefix("http://127.0.0.1:9099/__/auth/callback?authType=signInWithRedirect&link="))
        #expect(
            callback.link == "http://127.0.0.1:9099/emulator/auth/handler?providerId=apple.com&id_token=%7B%22sub%22%3A"
                + "%22apple-sim-1%22%2C%22iss%22%3A%22%22%2C%22aud%22%3A%22%22%2C%22exp%22%3A0%2C%22iat%22%3A0%2C%22email%22"
                + "%3A%22sim%40example.com%22%2C%22email_verified%22%3Atrue%7D")
    }

    @Test func googleHostVariantWithoutClientID() throws {
        let callback = try #require(
            AuthCallback(
                url: "com.example.app://google/link?deep_link_id="
                    + "http%3A%2F%2F127.0.0.1%3A9099%2F__%2Fauth%2Fcallback%3FauthType%3DsignInWithRedirect%26link%3Dx%26eventId%3DE1"
            ))
        #expect(callback.eventID == "E1")
    }

    @Test func loopbackCallback() throws {
        let callback = try #require(
            AuthCallback(url: "http://localhost:53124/callback?eventId=ABCDEFGHIJ&recaptchaToken=t0k"))
        #expect(callback.transport == .http)
        #expect(callback.recaptchaToken == "t0k")
    }

    @Test func plusIsSpaceAndFirstDuplicateWins() throws {
        let callback = try #require(AuthCallback(url: "http://127.0.0.1:1/cb?eventId=A&eventId=B&recaptchaToken=a+b"))
        #expect(callback.eventID == "A")
        #expect(callback.recaptchaToken == "a b")
    }

    /// The parameters are read in one pass: the first pair of a name decides even when its value is empty (and
    /// then counts as absent), an escaped name counts as its decoded self, other names are left alone.
    @Test func firstPairOfANameDecidesEvenWhenEmpty() throws {
        let callback = try #require(
            AuthCallback(
                url: "http://127.0.0.1:1/cb?authType=&authType=verifyApp&%65ventId=E&recaptchaToken=t&eventIds=X"))
        #expect(callback.authType == nil)
        #expect(callback.eventID == "E")
        #expect(callback.recaptchaToken == "t")
        #expect(AuthCallback(url: "http://127.0.0.1:1/cb?eventId=&eventId=B") == nil)
        #expect(AuthCallback(url: "http://127.0.0.1:1/cb?link=&firebaseError=&eventId") == nil)
    }

    /// The shape is read from the URL's bytes before any part becomes a `String`; it must answer as the
    /// lowercased parts compared character by character do: scheme and host in any ASCII case count, a mark
    /// joining the loopback prefix's dot or a prefix character joining the callback path's slash does not.
    @Test(arguments: [
        ("HTTP://LocalHost:9/cb?eventId=1", true),
        ("HtTpS://x.example/__/auth/callback?eventId=1", true),
        ("COM.EXAMPLE.APP://FirebaseAuth/link?deep_link_id=https%3A%2F%2Fx%2F__%2Fauth%2Fcallback%3FeventId%3D1", true),
        (
            "com.example.app://firebaseauth/LINK?deep_link_id=https%3A%2F%2Fx%2F__%2Fauth%2Fcallback%3FeventId%3D1",
            false
        ),
        ("http://127.0.0.1/cb?eventId=1", true),
        ("http://127.\u{301}0.0.1/cb?eventId=1", false),
        ("http://127.é/cb?eventId=1", true),
        ("https://x.example/a\u{600}/__/auth/callback?eventId=1", false),
        ("https://x.example/é/__/auth/callback?eventId=1", true),
        ("https://x.example/__/auth/callbacks?eventId=1", false),
    ])
    func shapeReadFromBytes(url: String, isCallback: Bool) {
        #expect((AuthCallback(url: url) != nil) == isCallback)
    }
}
