import AuthflowBackend
import AuthflowHTTP
import AuthflowListener
import AuthflowPrimitives
import Foundation
import Testing

@Suite("IdP widget at /emulator/auth/handler")
struct IdpWidgetTests {
    /// protocol.md §12.2, produced by running the emulator's page script.
    static let clientIdVector =
        "com.googleusercontent.apps.123-abc://firebaseauth/link?deep_link_id=http%3A%2F%2F127.0.0.1%3A9099%2F__%2Fauth%2Fcallback%3FauthType%3DsignInWithRedirect%26link%3Dhttp%253A%252F%252F127.0.0.1%253A9099%252Femulator%252Fauth%252Fhandler%253FproviderId%253Dapple.com%2526id_token%253D%25257B%252522sub%252522%25253A%252522apple-sim-1%252522%25252C%252522iss%252522%25253A%252522%252522%25252C%252522aud%252522%25253A%252522%252522%25252C%252522exp%252522%25253A0%25252C%252522iat%252522%25253A0%25252C%252522email%252522%25253A%252522sim%252540example.com%252522%25252C%252522email_verified%252522%25253Atrue%25257D%26eventId%3DEVT42"

    /// Creates the vector's account (sub apple-sim-1, sim@example.com, no name) the way a client would.
    private static func seedVectorAccount(_ harness: BackendHarness) async throws {
        _ = try await harness.v1(
            "accounts:signInWithIdp",
            [
                "requestUri": "http://localhost",
                "postBody":
                    #"providerId=apple.com&id_token={"sub":"apple-sim-1","email":"sim@example.com","email_verified":true}"#,
            ]
        ).requireOK()
    }

    /// The first account's hidden `id_token` field, read from the page as a browser would submit it.
    private static func firstAccountClaims(_ page: String) throws -> String {
        let marker = #"<input type="hidden" name="id_token" value=""#
        let start = try #require(page.range(of: marker)).upperBound
        let end = try #require(page[start...].firstIndex(of: "\""))
        return String(page[start..<end])
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    private static let widgetQuery =
        "apiKey=fake-api-key&authType=signInWithRedirect&ibi=com.example.app&sessionId=261305762671a58cae5b74990bcfc236c2336fb04a0fbac626166d9491d2884c&v=12.0&eventId=EVT42&providerId=apple.com"

    @Test("The page lists the provider's accounts with data-id-token, and warns about Apple via generic IdP")
    func listsAccounts() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        try await Self.seedVectorAccount(harness)

        let page = try await harness.get(
            "/emulator/auth/handler?\(Self.widgetQuery)&clientId=123-abc.apps.googleusercontent.com")

        #expect(page.status == 200)
        #expect(page.header("Content-Type") == "text/html; charset=utf-8")
        let claims =
            #"{"sub":"apple-sim-1","iss":"","aud":"","exp":0,"iat":0,"email":"sim@example.com","email_verified":true}"#
        let encoded = try #require(
            claims.addingPercentEncoding(
                withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-_.!~*'()"))))
        #expect(page.text.contains(#"data-id-token="\#(encoded)""#))
        #expect(try Self.firstAccountClaims(page.text) == claims)
        #expect(page.text.contains("sim@example.com"))
        #expect(page.text.contains("(No display name)"))
        // The Korean edition words a nameless account itself.
        let korean = try await harness.get(
            "/emulator/auth/handler?\(Self.widgetQuery)&clientId=123-abc.apps.googleusercontent.com&hl=ko")
        #expect(korean.text.contains("(표시 이름 없음)"), "\(korean.text)")
        #expect(!korean.text.contains("(No display name)"))
        #expect(page.text.contains("Sign-in with Apple via generic IDP is only supported in the Auth Emulator"))
        #expect(!page.text.contains("<script src"), "no external resources")
        #expect(!page.text.contains("https://unpkg.com"))
    }

    @Test("Choosing an account redirects to the custom-scheme URL of §12.2 byte for byte (clientId)")
    func clientIdVector() async throws {
        let harness = try BackendHarness(hostPolicy: .any) // the vector was recorded on 127.0.0.1:9099
        defer { harness.backend.stop() }
        try await Self.seedVectorAccount(harness)
        // The emulator's script uses the host the browser used; this test's browser says 127.0.0.1:9099.
        let host = [HTTPHeader(name: "Host", value: "127.0.0.1:9099")]
        let page = try await harness.get(
            "/emulator/auth/handler?\(Self.widgetQuery)&clientId=123-abc.apps.googleusercontent.com", headers: host)

        var form = Self.hiddenFields(page.text)
        form.append(("id_token", try Self.firstAccountClaims(page.text)))
        let chosen = try await harness.post("/emulator/auth/handler/select", form: form, headers: host)

        #expect(chosen.status == 303)
        #expect(chosen.header("Location") == Self.clientIdVector)
        #expect(chosen.text.contains("Return to the app"), "the body links to the app for clients that show it")
    }

    @Test("With appId the scheme is app-<appId with : as ->; the rest of the URL is the same")
    func appIdVector() async throws {
        let harness = try BackendHarness(hostPolicy: .any) // the vector was recorded on 127.0.0.1:9099
        defer { harness.backend.stop() }
        try await Self.seedVectorAccount(harness)
        let host = [HTTPHeader(name: "Host", value: "127.0.0.1:9099")]
        let page = try await harness.get(
            "/emulator/auth/handler?\(Self.widgetQuery)&appId=1:1234567890:ios:abcdef", headers: host)

        var form = Self.hiddenFields(page.text)
        form.append(("id_token", try Self.firstAccountClaims(page.text)))
        let chosen = try await harness.post("/emulator/auth/handler/select", form: form, headers: host)

        let expected = Self.clientIdVector.replacingOccurrences(
            of: "com.googleusercontent.apps.123-abc://", with: "app-1-1234567890-ios-abcdef://")
        #expect(chosen.header("Location") == expected)
    }

    @Test("The redirect's link signs in with signInWithIdp, as the iOS SDK would use it")
    func linkSignsIn() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        try await Self.seedVectorAccount(harness)
        let page = try await harness.get(
            "/emulator/auth/handler?\(Self.widgetQuery)&clientId=123-abc.apps.googleusercontent.com")
        var form = Self.hiddenFields(page.text)
        form.append(("id_token", try Self.firstAccountClaims(page.text)))
        let chosen = try await harness.post("/emulator/auth/handler/select", form: form)

        let location = try #require(chosen.header("Location"))
        let inner = try #require(queryItems(location)["deep_link_id"])
        let callback = queryItems(inner)
        let link = try #require(callback["link"])
        let reply = try await harness.v1(
            "accounts:signInWithIdp", ["requestUri": link, "sessionId": "ABCDEFGHIJ", "returnSecureToken": true]
        ).requireOK()

        #expect(
            inner.hasPrefix("http://\(harness.backend.hostAndPort)/__/auth/callback?authType=signInWithRedirect&link="))
        #expect(callback["eventId"] == "EVT42")
        #expect(reply["federatedId"] as? String == "apple-sim-1")
        #expect(reply["isNewUser"] == nil)
    }

    @Test("Adding a new account with blank fields generates one with a 40-digit sub, over plain GET too")
    func newAccount() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }

        let chosen = try await harness.get(
            "/emulator/auth/handler/select?\(Self.widgetQuery)&appId=1:1:ios:a&new_account=1&email=&display_name=")
        let location = try #require(chosen.header("Location"))
        let deepLink = try #require(queryItems(location)["deep_link_id"])
        let link = try #require(queryItems(deepLink)["link"])
        let idToken = try #require(queryItems(link)["id_token"])
        let claims = try #require(try JSONParser.parse(idToken).objectValue)

        #expect(chosen.status == 303)
        #expect(location.hasPrefix("app-1-1-ios-a://firebaseauth/link?deep_link_id="))
        let sub = try #require(claims["sub"]?.stringValue)
        #expect(sub.count == 40 && sub.allSatisfy(\.isNumber))
        #expect(claims["email"]?.stringValue?.hasSuffix("@example.com") == true)
        #expect(claims["email_verified"]?.boolValue == true)
        #expect(claims["name"]?.stringValue != nil)
    }

    @Test("Without ibi, clientId alone has no iOS hand-off, exactly as in the emulator's script")
    func clientIdWithoutBundle() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }

        let chosen = try await harness.get(
            "/emulator/auth/handler/select?apiKey=k&authType=signInWithRedirect&eventId=E&providerId=apple.com&clientId=1.apps.x&new_account=1"
        )

        #expect(chosen.status == 400)
        #expect(chosen.text.contains("This feature is not implemented in Auth Emulator yet."))
    }

    @Test("Missing apiKey or providerId is a 400 JSON reply; missing app identifiers an error page; values are escaped")
    func parameterErrors() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }

        let noProvider = try await harness.get("/emulator/auth/handler?apiKey=k")
        let noIdentifier = try await harness.get("/emulator/auth/handler?apiKey=k&providerId=apple.com")
        let hostile = try await harness.get(
            "/emulator/auth/handler?apiKey=k&providerId=%3Cscript%3Ealert(1)%3C%2Fscript%3E&ibi=a%22%3E%3Cb")

        #expect(noProvider.status == 400)
        #expect(
            ((try noProvider.json)["authEmulator"] as? [String: Any])?["error"] as? String
                == "missing apiKey or providerId query parameters")
        #expect(noIdentifier.status == 400)
        #expect(noIdentifier.header("Content-Type") == "text/html; charset=utf-8")
        #expect(noIdentifier.text.contains("Missing one of appName / clientId / appId / apn / ibi query params."))
        #expect(hostile.status == 200)
        #expect(!hostile.text.contains("<script>alert(1)"))
        #expect(hostile.text.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(!hostile.text.contains(#"a"><b"#))
    }

    @Test(
        "authflow's error switch carries through the page's forms and returns firebaseError with authType and eventId")
    func simulatedError() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let page = try await harness.get(
            "/emulator/auth/handler?\(Self.widgetQuery)&clientId=123-abc.apps.googleusercontent.com&authflowSimulateError=user-cancelled"
        )
        let form = Self.hiddenFields(page.text)

        let chosen = try await harness.post("/emulator/auth/handler/select", form: form + [("new_account", "1")])

        #expect(form.contains { $0 == ("authflowSimulateError", "user-cancelled") })
        #expect(chosen.status == 303)
        let location = try #require(chosen.header("Location"))
        #expect(location.hasPrefix("com.googleusercontent.apps.123-abc://firebaseauth/link?deep_link_id="))
        let inner = queryItems(try #require(queryItems(location)["deep_link_id"]))
        #expect(inner["authType"] == "signInWithRedirect")
        #expect(inner["eventId"] == "EVT42")
        #expect(inner["link"] == nil)
        let error = try #require(inner["firebaseError"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(error.utf8)) as? [String: String])
        #expect(
            json == [
                "code": "auth/user-cancelled",
                "message": "The user did not grant your application the permissions it requested.",
            ])
        #expect(harness.backend.accounts.isEmpty, "no account was made")
    }

    /// The page's hidden inputs outside the per-account forms (name, value), decoded.
    static func hiddenFields(_ page: String) -> [(String, String)] {
        guard let formStart = page.range(of: #"id="add-user""#) else { return [] }
        var fields: [(String, String)] = []
        var rest = page[formStart.upperBound...]
        let marker = #"<input type="hidden" name=""#
        while let found = rest.range(of: marker) {
            let nameEnd = rest[found.upperBound...].firstIndex(of: "\"") ?? rest.endIndex
            let name = String(rest[found.upperBound..<nameEnd])
            guard let valueStart = rest[nameEnd...].range(of: #"value=""#) else { break }
            let valueEnd = rest[valueStart.upperBound...].firstIndex(of: "\"") ?? rest.endIndex
            let value = String(rest[valueStart.upperBound..<valueEnd]).replacingOccurrences(of: "&amp;", with: "&")
            if name != "new_account" { fields.append((name, value)) }
            rest = rest[valueEnd...]
        }
        return fields
    }
}
