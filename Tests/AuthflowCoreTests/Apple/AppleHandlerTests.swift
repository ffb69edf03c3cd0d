import AuthflowListener
import AuthflowParsing
import AuthflowPrimitives
import Testing

@testable import AuthflowCore

@Suite("Sign in with Apple: hashes, nonces, the signInWithRedirect URL and its callback")
struct AppleHandlerTests {
    @Test(
        "SHA-256 matches FIPS 180-4's and protocol.md's vectors, across block boundaries",
        arguments: [
            ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
            ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
            (
                "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
                "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
            ),
            ("ABCDEFGHIJ", "261305762671a58cae5b74990bcfc236c2336fb04a0fbac626166d9491d2884c"),
            (String(repeating: "a", count: 1000), "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3"),
        ])
    func sha256(input: String, expected: String) {
        #expect(SHA256.hex(input) == expected)
    }

    @Test("Nonces are 43 unreserved characters from the CSPRNG, fresh each time, hashed as Apple expects")
    func nonces() {
        let first = AppleNonce.make()
        let second = AppleNonce.make()
        let unreserved = Set("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-._~")
        #expect(first.raw.count == 43)
        #expect(first.raw.allSatisfy { unreserved.contains($0) })
        #expect(first.raw != second.raw)
        // Never an option-looking value: the first character is a letter or digit (over many draws).
        for _ in 0..<2000 {
            let first = AppleNonce.make().raw.unicodeScalars.first
            #expect(first.map { $0.properties.isAlphabetic || ("0"..."9").contains($0) } == true)
        }
        #expect(
            AppleNonce(raw: "ABCDEFGHIJ").sha256 == "261305762671a58cae5b74990bcfc236c2336fb04a0fbac626166d9491d2884c")
    }

    static let clientScheme = CallbackScheme(clientID: "123456.apps.googleusercontent.com")!
    static let appScheme = CallbackScheme(appID: "1:123456789:ios:123abc456def")!

    @Test(
        "The URL has the iOS SDK's parameters in its order: hashed sessionId, providerId, tid, scopes, customParameters, hl"
    )
    func redirectURL() {
        let production = AppleRedirectURL(
            authDomain: "test.firebaseapp.com", emulator: false, apiKey: "asdfghjkl", bundleID: "com.example.app",
            clientVersion: "v1", scheme: Self.clientScheme, tenantID: "tenantID", scopes: ["email", "name"],
            customParameters: ["locale": "fr_FR"], languageCode: "fr", eventID: "EVT", sessionID: "ABCDEFGHIJ")
        let emulator = AppleRedirectURL(
            authDomain: "127.0.0.1:9099", emulator: true, apiKey: "k", bundleID: "b", clientVersion: "v",
            scheme: Self.appScheme, tenantID: nil, scopes: [], customParameters: [:], languageCode: nil)

        #expect(
            production.url
                == "https://test.firebaseapp.com/__/auth/handler?apiKey=asdfghjkl&authType=signInWithRedirect"
                + "&ibi=com.example.app&sessionId=261305762671a58cae5b74990bcfc236c2336fb04a0fbac626166d9491d2884c&v=v1"
                + "&eventId=EVT&providerId=apple.com&clientId=123456.apps.googleusercontent.com&tid=tenantID&scopes=email,name"
                + "&customParameters=%7B%22locale%22:%22fr_FR%22%7D&hl=fr")
        #expect(production.sessionID == "ABCDEFGHIJ", "the raw ID stays for signInWithIdp")
        #expect(
            emulator.url.hasPrefix(
                "http://127.0.0.1:9099/emulator/auth/handler?apiKey=k&authType=signInWithRedirect&ibi=b&sessionId="))
        #expect(
            emulator.url.hasSuffix("&providerId=apple.com&appId=1:123456789:ios:123abc456def&scopes="),
            "iOS sends an empty scopes=")
        #expect(
            emulator.eventID.count == 32 && emulator.sessionID.count == 32 && emulator.eventID != emulator.sessionID)
        #expect(emulator.url.contains("&sessionId=\(SHA256.hex(emulator.sessionID))&"))
        #expect(!emulator.url.contains(emulator.sessionID))
    }

    @Test("A customParameters value with & = + stays one parameter; nothing leaks to the top level (§12.3)")
    func customParametersEncoding() {
        let hostile = AppleRedirectURL(
            authDomain: "d", emulator: false, apiKey: "k", bundleID: "b", clientVersion: "v", scheme: Self.clientScheme,
            tenantID: nil, scopes: [], customParameters: ["locale": "x\"}&tid=attacker&clientId=0+1"], languageCode: nil
        )
        let names = QueryParameters(url: hostile.url).pairs.map(\.name)
        #expect(names.filter { $0 == "tid" || $0 == "clientId" } == ["clientId"])
        #expect(
            QueryParameters(url: hostile.url).value("customParameters")
                == #"{"locale":"x\"}&tid=attacker&clientId=0+1"}"#)
    }

    static let check = AppleRedirectCallback.check(eventID: "OURS", scheme: clientScheme)

    /// The link the check read from an accepted callback (the listener hands this answer to the flow).
    static func link(from callback: RedirectCallback) throws -> String {
        try AppleRedirectCallback.link(from: try #require(check.ruling(on: callback).answer))
    }

    @Test("The §12.2 OAuth fixture is accepted and its link read")
    func matchingLink() throws {
        let callback = try HandedOverHostedCallback.callback(
            "authType%3DsignInWithRedirect%26link%3DfakeOAuthResponseURL%26eventId%3DOURS")
        #expect(Self.check.verdict(on: callback) == .accepted)
        #expect(try Self.link(from: callback) == "fakeOAuthResponseURL")
    }

    @Test(
        "Other attempts, eventId (or deep_link_id) twice, the phone authType, other schemes and plain HTTP are rejected so the wait goes on",
        arguments: [
            HandedOverHostedCallback.url("authType%3DsignInWithRedirect%26link%3Dx"),
            HandedOverHostedCallback.url("authType%3DsignInWithRedirect%26link%3Dx%26eventId%3DOTHER"),
            HandedOverHostedCallback.url("authType%3DverifyApp%26recaptchaToken%3Dt%26eventId%3DOURS"),
            HandedOverHostedCallback.url(
                "authType%3DsignInWithRedirect%26link%3Dx%26eventId%3DOURS", scheme: "app-1-2-ios-3"),
            "http://127.0.0.1:1/__/auth/callback?authType=signInWithRedirect&link=x&eventId=OURS",
            HandedOverHostedCallback.url("authType%3DsignInWithRedirect%26link%3Dx%26eventId%3DOURS%26eventId%3DOTHER"),
            HandedOverHostedCallback.url("authType%3DsignInWithRedirect%26link%3Dx%26eventId%3DOTHER%26eventId%3DOURS"),
            HandedOverHostedCallback.url("authType%3DsignInWithRedirect%26link%3Dx%26eventId%3DOURS")
                + "&deep_link_id=https%3A%2F%2Fx%2F__%2Fauth%2Fcallback%3FeventId%3DOTHER",
        ])
    func rejected(url: String) throws {
        let callback = try RedirectCallback(url: url, route: url.hasPrefix("http:") ? .http : .handoff)
        guard case .rejected = Self.check.verdict(on: callback) else {
            Issue.record("accepted \(callback.url)")
            return
        }
    }

    @Test("firebaseError ends the wait as the page's error; OAuth reads a bare one as missing code / message")
    func pageErrors() throws {
        let cancelled = try HandedOverHostedCallback.callback(
            "firebaseError%3D%257B%2522code%2522%253A%2522auth%252Fuser-cancelled%2522%252C%2522message%2522%253A%2522No.%2522%257D%26authType%3DsignInWithRedirect%26eventId%3DOURS"
        )
        let bare = try HandedOverHostedCallback.callback(
            "firebaseError%3D%257B%257D%26authType%3DsignInWithRedirect%26eventId%3DOURS")
        let garbage = try HandedOverHostedCallback.callback(
            "firebaseError%3Dnot-json%26authType%3DsignInWithRedirect%26eventId%3DOURS")

        guard case .acceptedWithError(let failure) = Self.check.verdict(on: cancelled),
            case AppleSignInError.page(let shown) = failure
        else {
            Issue.record("a cancellation should end the wait with the page's error")
            return
        }
        #expect(shown.code == "auth/user-cancelled")
        #expect(failure.description.contains("cancelled at Apple (auth/user-cancelled)"))
        #expect(throws: AppleSignInError.self) { try Self.link(from: cancelled) }
        #expect(
            Self.check.verdict(on: bare)
                == .acceptedWithError(AppleSignInError.page(FirebaseCallbackError(raw: "{}"))))
        if case .acceptedWithError(let failure) = Self.check.verdict(on: bare) {
            #expect(
                failure.description
                    == "The Sign in with Apple page reported an error: [missing code] missing message Nothing was "
                    + "signed in.")
        }
        if case .acceptedWithError(let failure) = Self.check.verdict(on: garbage) {
            #expect(failure.description.contains("SignIn failed with unparsable firebaseError."))
        } else {
            Issue.record("unparsable firebaseError should end the wait")
        }
    }
}
