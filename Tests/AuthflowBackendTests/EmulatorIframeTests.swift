import AuthflowBackend
import AuthflowHTTP
import AuthflowPrimitives
import Foundation
import Testing

/// The routes a web SDK uses beside the widget, as the official emulator serves them: the helper iframe at
/// `/emulator/auth/iframe` (with its script and the stand-in of Google's loader) and the widget's hand-off of a
/// pop-up's or redirect's auth event.
@Suite("Web SDK helper iframe at /emulator/auth/iframe and the widget's auth event")
struct EmulatorIframeTests {
    /// The `<script type="application/json" id="relay">` block of a relay page, parsed.
    static func relay(_ page: String) throws -> [String: Any] {
        let marker = #"<script type="application/json" id="relay">"#
        let start = try #require(page.range(of: marker)).upperBound
        let end = try #require(page[start...].range(of: "</script>")).lowerBound
        return try #require(try JSONSerialization.jsonObject(with: Data(page[start..<end].utf8)) as? [String: Any])
    }

    static func selectQuery(authType: String, extra: String = "") -> String {
        "/emulator/auth/handler/select?apiKey=fake-api-key&appName=%5BDEFAULT%5D&authType=\(authType)&v=12.19.0"
            + "&providerId=github.com&new_account=1&email=web%40example.com\(extra)"
    }

    @Test(
        "The iframe page loads its script, then Google's loader (the backend's stand-in for the stand-in SDK); any page may frame it"
    )
    func iframePage() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }

        let real = try await harness.get("/emulator/auth/iframe?apiKey=fake-api-key&appName=%5BDEFAULT%5D&v=12.19.0")
        let standIn = try await harness.get(
            "/emulator/auth/iframe?apiKey=fake-api-key&appName=%5BDEFAULT%5D&v=stand-in")
        let script = try await harness.get("/emulator/auth/iframe.js")
        let loader = try await harness.get("/apis.google.com/js/api.js?onload=cb")

        #expect(real.status == 200)
        #expect(real.header("Content-Type") == "text/html; charset=utf-8")
        let scripts = real.text.components(separatedBy: "<script src=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
        #expect(scripts == ["/emulator/auth/iframe.js", "https://apis.google.com/js/api.js"])
        let policy = try #require(real.header("Content-Security-Policy"))
        #expect(
            policy == "object-src 'none'; base-uri 'none'", "Google's loader may load its modules; any page frames it")
        #expect(standIn.text.contains(#"<script src="/apis.google.com/js/api.js"></script>"#))
        #expect(!standIn.text.contains("https://apis.google.com"))
        #expect(script.status == 200)
        #expect(script.header("Content-Type") == "text/javascript; charset=utf-8")
        for part in [
            "'webStorageSupport'", "status: 'ACK', webStorageSupport: true", "'firebase:redirectEvent:' + storageKey",
            "'sendAuthEvent'", "code: 'auth/no-auth-event'", "event.origin !== location.origin",
            "window.gapi_onload",
        ] {
            #expect(script.text.contains(part), "\(part)")
        }
        #expect(loader.status == 200)
        #expect(loader.text.contains("getParentIframe"))
        #expect(loader.text.contains("CROSS_ORIGIN_IFRAMES_FILTER"))
    }

    @Test(
        "A pop-up's choice answers the relay page: the emulator's auth event, for the opener's iframe, whose urlResponse signs in"
    )
    func popupEvent() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }

        let chosen = try await harness.get(
            Self.selectQuery(
                authType: "signInViaPopup", extra: "&eventId=1234567890&tid=&redirectUrl=http%3A%2F%2Flocalhost%2F"))

        #expect(chosen.status == 200)
        #expect(chosen.text.contains(#"<script src="/emulator/auth/handler/relay.js"></script>"#))
        #expect(chosen.header("Content-Security-Policy")?.contains("script-src 'self'") == true)
        let relay = try Self.relay(chosen.text)
        #expect(relay["storageKey"] as? String == "fake-api-key:[DEFAULT]")
        #expect(relay["apiKey"] as? String == "fake-api-key")
        #expect(relay["appName"] as? String == "[DEFAULT]")
        #expect(relay["redirectUrl"] == nil, "a pop-up's event goes to the opener, not to redirectUrl")
        let event = try #require(relay["authEvent"] as? [String: Any])
        #expect(event["type"] as? String == "signInViaPopup")
        #expect(event["eventId"] as? String == "1234567890")
        #expect(event["sessionId"] as? String == "ValueNotUsedByAuthEmulator")
        #expect(event["postBody"] as? String == "")
        #expect(event["tenantId"] as? String == "")
        #expect(event["error"] is NSNull)
        let urlResponse = try #require(event["urlResponse"] as? String)
        #expect(
            urlResponse.hasPrefix(
                "http://\(harness.backend.hostAndPort)/emulator/auth/handler?providerId=github.com&id_token="))
        let script = try await harness.get("/emulator/auth/handler/relay.js")
        #expect(script.header("Content-Type") == "text/javascript; charset=utf-8")
        #expect(script.text.contains("window.opener"))
        #expect(script.text.contains("eventType: 'sendAuthEvent'"))

        // What the SDK sends with the event it receives.
        let signedIn = try await harness.v1(
            "accounts:signInWithIdp",
            [
                "requestUri": urlResponse, "sessionId": "ValueNotUsedByAuthEmulator", "postBody": NSNull(),
                "returnSecureToken": true, "returnIdpCredential": true,
            ]
        ).requireOK()
        #expect(signedIn["email"] as? String == "web@example.com")
        #expect(signedIn["providerId"] as? String == "github.com")
    }

    @Test("Without authType or eventId the event carries null for them, as the emulator's script does")
    func nullFields() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }

        let chosen = try await harness.get(
            "/emulator/auth/handler/select?apiKey=k&appName=A&providerId=github.com&new_account=1"
                + "&redirectUrl=https%3A%2F%2Fapp.example%2Fdone")

        let event = try #require(try Self.relay(chosen.text)["authEvent"] as? [String: Any])
        #expect(event["type"] is NSNull)
        #expect(event["eventId"] is NSNull)
        #expect(event["tenantId"] is NSNull)
    }

    @Test("A redirect's choice stores the event for the iframe and goes to redirectUrl; only http(s) addresses")
    func redirectEvent() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }

        let chosen = try await harness.get(
            Self.selectQuery(
                authType: "signInViaRedirect",
                extra: "&tid=team-1&redirectUrl=http%3A%2F%2Flocalhost%3A3000%2Fapp%3Fx%3D1"))
        let script = try await harness.get("/emulator/auth/handler/relay.js")
        let hostile = try await harness.get(
            Self.selectQuery(authType: "signInViaRedirect", extra: "&redirectUrl=javascript%3Aalert(1)"))

        #expect(chosen.status == 200)
        let relay = try Self.relay(chosen.text)
        #expect(relay["redirectUrl"] as? String == "http://localhost:3000/app?x=1")
        let event = try #require(relay["authEvent"] as? [String: Any])
        #expect(event["type"] as? String == "signInViaRedirect")
        #expect(event["eventId"] is NSNull)
        #expect(event["tenantId"] as? String == "team-1")
        #expect(script.text.contains("sessionStorage.setItem('firebase:redirectEvent:' + relay.storageKey"))
        #expect(script.text.contains("location.assign(relay.redirectUrl)"))
        #expect(hostile.status == 400)
        #expect(hostile.text.contains("The redirectUrl parameter is not an absolute http or https URL."))
        #expect(!hostile.text.contains("application/json"))
    }

    @Test("Values that could end the page's data block are escaped in it")
    func dataBlockEscaping() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }

        let chosen = try await harness.get(
            "/emulator/auth/handler/select?apiKey=k&appName=%3C%2Fscript%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E&authType=signInViaPopup"
                + "&providerId=github.com&new_account=1&email=a%26b%40example.com")

        #expect(!chosen.text.contains("<script>alert(1)"))
        #expect(chosen.text.contains(#"\u003c/script\u003e\u003cscript\u003ealert(1)"#))
        let relay = try Self.relay(chosen.text)
        #expect(relay["appName"] as? String == "</script><script>alert(1)</script>")
        #expect(relay["storageKey"] as? String == "k:</script><script>alert(1)</script>")
    }
}
