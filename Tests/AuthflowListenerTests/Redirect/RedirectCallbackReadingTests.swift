import AuthflowListener
import AuthflowParsing
import AuthflowPrimitives
import Testing

/// A callback is read once, into a ``RedirectCallback``; the hosted-callback reader (``AuthCallback``) takes its
/// parts and decoded query instead of reading the URL again, and must answer as reading the URL itself does.
@Suite("Redirect callback: read once, its parts and query serve the callback reader")
struct RedirectCallbackReadingTests {
    static let inner = "https%3A%2F%2Fexample.firebaseapp.com%2F__%2Fauth%2Fcallback%3F"

    /// URLs of the shapes a listener is handed: hosted answers (token, link, error), repeated and empty
    /// parameters, escaped names, `+` and `%2B`, a fragment holding what the query does not, a `#` before the
    /// `?`, cases of scheme and host, loopback and `/__/auth/callback` addresses, and no callbacks at all.
    static let urls: [String] = [
        "app-1-2-ios-3://firebaseauth/link?deep_link_id=\(inner)authType%3DverifyApp%26recaptchaToken%3Dt%2Bk+n"
            + "%26eventId%3DE1",
        "com.example.app://firebaseauth/link?deep_link_id=\(inner)authType%3DsignInWithRedirect%26link%3Dhttps"
            + "%253A%252F%252Fidp.example%252Fcb%253Fcode%253D1%26eventId%3DE2",
        "com.example.app://firebaseauth/link?deep_link_id=\(inner)firebaseError%3D%257B%2522code%2522%253A%2522"
            + "auth%252Finternal-error%2522%257D%26authType%3DverifyApp%26eventId%3DE3",
        "com.example.app://firebaseauth/link?deep_link_id=\(inner)eventId%3DA&deep_link_id=\(inner)eventId%3DB",
        "com.example.app://firebaseauth/link?deep_link_id=&deep_link_id=\(inner)eventId%3DB",
        "com.example.app://firebaseauth/link?%64eep_link_id=\(inner)eventId%3DE%26eventId%3DF",
        "com.example.app://firebaseauth/link?deep+link+id=\(inner)eventId%3DE",
        "com.example.app://firebaseauth/link?x=1#deep_link_id=\(inner)eventId%3DE",
        "com.example.app://firebaseauth/link#x?deep_link_id=\(inner)eventId%3DE",
        "com.example.app://firebaseauth/link?deep_link_id=\(inner)eventId%3DE#deep_link_id=x",
        "COM.EXAMPLE.APP://FirebaseAuth/link/?deep_link_id=\(inner)authType%3DverifyApp%26eventId%3DE",
        "com.example.app://google/link?deep_link_id=\(inner)authType%3D%26authType%3DverifyApp%26eventId%3DE",
        "com.example.app://firebaseauth/LINK?deep_link_id=\(inner)eventId%3DE",
        "com.example.app://other/link?deep_link_id=\(inner)eventId%3DE",
        "com.example.app://firebaseauth/link?deep_link_id=\(inner)authType%3DverifyApp",
        "javascript://firebaseauth/link?deep_link_id=\(inner)eventId%3DE",
        "http://127.0.0.1:9/cb?eventId=A&eventId=B&recaptchaToken=a+b%2Bc",
        "http://LocalHost:9/cb?authType=&authType=verifyApp&%65ventId=E&recaptchaToken=t&eventIds=X",
        "http://[::1]:9/cb#frag?eventId=E",
        "https://x.example/__/auth/callback?link=L&firebaseError=not-json&eventId=E#eventId=F",
        "https://x.example/__/auth/callbacks?eventId=E",
        "http://127.0.0.1:9/cb?link=&firebaseError=&eventId",
    ]

    @Test("The hosted-callback reader finds in the callback's parts and query what it finds in its URL")
    func readerTakesTheParsedCallback() throws {
        var callbacks = 0
        for url in Self.urls {
            for route in [RedirectCallback.Route.handoff, .paste] {
                let callback = try RedirectCallback(url: url, route: route)
                let parts = try #require(callback.parts, "\(url)")
                let read = AuthCallback(url: callback.url, parts: parts, query: callback.query)
                #expect(read == AuthCallback(url: url), "\(url)")
                if read != nil { callbacks += 1 }
            }
        }
        // Enough of the corpus is callbacks for the comparison to mean something.
        #expect(callbacks >= 2 * 12)
    }

    @Test("The query is the URL's own: the fragment's parameters are among the parameters, not in it")
    func queryIsTheURLsOwn() throws {
        let callback = try RedirectCallback(url: "com.example.app://cb?a=1+2&b=%2B#c=3", route: .handoff)
        #expect(callback.query.pairs.map(\.name) == ["a", "b"])
        #expect(callback.query.value("a") == "1 2")
        #expect(callback.query.value("b") == "+")
        #expect(callback.parameters.pairs.map(\.name) == ["a", "b", "c"])
    }
}
