import AuthflowCore
import AuthflowListener
import AuthflowParsing
import Testing

@Suite("Hosted reCAPTCHA page: the verifyApp URL and matching its custom-scheme answer")
struct HostedVerifyAppTests {
    static let clientScheme = CallbackScheme(clientID: "123456.apps.googleusercontent.com")!
    static let appScheme = CallbackScheme(appID: "1:123456789:ios:123abc456def")!

    @Test("Parameters in the iOS SDK's order, no tenant; clientId for a client ID, appId for an app ID; hl last")
    func url() {
        let withClient = HostedVerifyAppURL(
            authDomain: "test.firebaseapp.com", apiKey: "asdfghjkl", bundleID: "com.example.app",
            clientVersion: "Linux/Authflow/1.0/FirebaseCore-Linux", scheme: Self.clientScheme, languageCode: nil,
            eventID: "ABCDEFGHIJ")
        let withApp = HostedVerifyAppURL(
            authDomain: "127.0.0.1:9099", secure: false, apiKey: "k", bundleID: nil, clientVersion: "v 1",
            scheme: Self.appScheme, languageCode: "pt-BR", eventID: "E")

        #expect(
            withClient.url
                == "https://test.firebaseapp.com/__/auth/handler?apiKey=asdfghjkl&authType=verifyApp&ibi=com.example.app&v=Linux/Authflow/1.0/FirebaseCore-Linux&eventId=ABCDEFGHIJ&clientId=123456.apps.googleusercontent.com"
        )
        #expect(
            withApp.url
                == "http://127.0.0.1:9099/__/auth/handler?apiKey=k&authType=verifyApp&ibi=&v=v%201&eventId=E&appId=1:123456789:ios:123abc456def&hl=pt-BR"
        )
        #expect(!withClient.url.contains("tid="))
    }

    @Test("Event IDs are 32 letters A–Z from the CSPRNG, fresh per attempt")
    func eventIDs() {
        let first = HostedVerifyAppURL(
            authDomain: "d", apiKey: "k", bundleID: "b", clientVersion: "v", scheme: Self.clientScheme,
            languageCode: nil)
        let second = HostedVerifyAppURL(
            authDomain: "d", apiKey: "k", bundleID: "b", clientVersion: "v", scheme: Self.clientScheme,
            languageCode: nil)
        #expect(first.eventID.count == 32)
        #expect(first.eventID.unicodeScalars.allSatisfy { ("A"..."Z").contains($0) })
        #expect(first.eventID != second.eventID)
        #expect(first.url.contains("&eventId=\(first.eventID)&"))
    }

    static let check = HostedVerifyAppCallback.check(eventID: "OURS", scheme: clientScheme)

    /// The token the check read from an accepted callback (the listener hands this answer to the flow).
    static func token(from callback: RedirectCallback) throws -> String {
        let answer = try #require(check.ruling(on: callback).answer)
        return try answer.token.get()
    }

    @Test("The token of a matching answer is accepted and read")
    func matchingToken() throws {
        let callback = try HandedOverHostedCallback.callback(
            "authType%3DverifyApp%26recaptchaToken%3DfakeReCAPTCHAToken%26eventId%3DOURS")
        #expect(Self.check.verdict(on: callback) == .accepted)
        #expect(try Self.token(from: callback) == "fakeReCAPTCHAToken")
    }

    @Test(
        "Answers to other attempts, with eventId (or deep_link_id) twice, other schemes or hosts, and plain HTTP are rejected so the wait goes on",
        arguments: [
            HandedOverHostedCallback.url("authType%3DverifyApp%26recaptchaToken%3Dt"),
            HandedOverHostedCallback.url("authType%3DverifyApp%26recaptchaToken%3Dt%26eventId%3DOTHER"),
            HandedOverHostedCallback.url("authType%3DsignInWithRedirect%26link%3Dx%26eventId%3DOURS"),
            HandedOverHostedCallback.url(
                "authType%3DverifyApp%26recaptchaToken%3Dt%26eventId%3DOURS", scheme: "app-1-2-ios-3"),
            "com.googleusercontent.apps.123456://google/link?deep_link_id=https%3A%2F%2Fx%2F__%2Fauth%2Fcallback%3FauthType%3DverifyApp%26recaptchaToken%3Dt%26eventId%3DOURS",
            "http://127.0.0.1:1/callback?recaptchaToken=t&eventId=OURS",
            HandedOverHostedCallback.url(
                "authType%3DverifyApp%26recaptchaToken%3Dt%26eventId%3DOURS%26eventId%3DOTHER"),
            HandedOverHostedCallback.url(
                "authType%3DverifyApp%26recaptchaToken%3Dt%26eventId%3DOTHER%26eventId%3DOURS"),
            HandedOverHostedCallback.url("authType%3DverifyApp%26recaptchaToken%3Dt%26eventId%3DOURS")
                + "&deep_link_id=https%3A%2F%2Fx%2F__%2Fauth%2Fcallback%3FeventId%3DOTHER",
        ])
    func rejected(url: String) throws {
        let callback = try RedirectCallback(url: url, route: url.hasPrefix("http:") ? .http : .handoff)
        #expect(!Self.check.verdict(on: callback).isAccepted)
    }

    @Test("This attempt's eventId followed by another is refused as repeated, as a listener refuses a repeated state")
    func repeatedEventID() throws {
        let repeated = try HandedOverHostedCallback.callback(
            "authType%3DverifyApp%26recaptchaToken%3Dt%26eventId%3DOURS%26eventId%3DOURS")
        #expect(Self.check.verdict(on: repeated) == .rejected(HostedHandlerRejection.repeatedParameter("eventId")))
    }

    @Test("A matching firebaseError ends the wait as a failure with the SDK's meaning")
    func firebaseErrors() throws {
        let invalid = try HandedOverHostedCallback.callback(
            "firebaseError%3D%257B%2522code%2522%253A%2522auth%252Finvalid-oauth-client-id%2522%252C%2522message%2522%253A%2522The%2520OAuth%2520client%2520ID%2520provided%2520is%2520either%2520invalid%2520or%2520does%2520not%2520match%2520the%2520specified%2520API%2520key.%2522%257D%26authType%3DverifyApp%26eventId%3DOURS"
        )
        let unstructured = try HandedOverHostedCallback.callback(
            "firebaseError%3D%257B%2522unstructuredcode%2522%253A%2522auth%252Funknown-error-id%2522%257D%26authType%3DverifyApp%26eventId%3DOURS"
        )

        guard case .acceptedWithError(let failure) = Self.check.verdict(on: invalid) else {
            Issue.record("not accepted as a failure")
            return
        }
        // The page is shown the flow's own error, for the front end to word.
        guard case PhoneSignInError.hostedPage(let shown) = failure else {
            Issue.record("the failure is \(failure)")
            return
        }
        #expect(shown.kind == .invalidClientID)
        #expect(failure.description.contains("does not match the API key"))
        #expect {
            try Self.token(from: invalid)
        } throws: { error in
            guard case PhoneSignInError.hostedPage(let page) = error else { return false }
            return page.kind == .invalidClientID
        }
        #expect {
            try Self.token(from: unstructured)
        } throws: { error in
            guard case PhoneSignInError.hostedPageUnknown(let url) = error else { return false }
            return url.hasPrefix("https://example.firebaseapp.com/__/auth/callback?firebaseError=")
        }
    }
}
