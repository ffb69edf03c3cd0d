import AuthflowCore
import AuthflowDemo
import AuthflowPrimitives
import AuthflowTestSupport
import Foundation
import Testing

/// The emulator's helper iframe (`/emulator/auth/iframe`) in headless Chromium: the `gapi.iframes` messages
/// the Firebase JS SDK's `popup_redirect.ts` and `iframe.ts` rely on, and what the web route does without it.
@Suite("Web SDK helper iframe in Chromium")
struct EmulatorIframeBrowserTests {
    /// Opens the iframe for `appName` from a page of the backend's origin through the `gapi.iframes` stand-in,
    /// as the SDK opens it, recording every `authEvent` message in `window.events[appName]` (answered ACK)
    /// and a ping's answer in `window.pinged[appName]`.
    static func openIframe(_ chromium: HeadlessChromium, appName: String) async throws {
        _ = try await chromium.evaluate(
            """
            var name = \(JSONWriter.string(.string(appName)));
            window.events = window.events || {}; window.pinged = window.pinged || {}; window.frames_ = window.frames_ || {};
            window.events[name] = [];
            gapi.load('gapi.iframes', { callback: function () {
              gapi.iframes.getContext().open({ where: document.body,
                url: '/emulator/auth/iframe?apiKey=k&appName=' + encodeURIComponent(name) + '&v=stand-in',
                messageHandlersFilter: gapi.iframes.CROSS_ORIGIN_IFRAMES_FILTER }, function (iframe) {
                window.frames_[name] = iframe;
                iframe.register('authEvent', function (message) {
                  window.events[name].push(message); return { status: 'ACK' };
                }, gapi.iframes.CROSS_ORIGIN_IFRAMES_FILTER);
                return iframe.ping(function () { window.pinged[name] = true; });
              });
            } });
            return 'ok';
            """)
    }

    static func events(_ chromium: HeadlessChromium, _ appName: String, count: Int) async throws -> String {
        try await chromium.waitFor(
            "var e = (window.events || {})[\(JSONWriter.string(.string(appName)))] || []; "
                + "return e.length >= \(count) ? JSON.stringify(e) : ''"
        ) { !$0.isEmpty }
    }

    @Test(
        "The iframe answers the ping, sends 'no auth event' first, answers webStorageSupport, passes on a sendAuthEvent of its origin and key, and hands over a stored redirect event once",
        .drivesABrowser)
    func messages() async throws {
        let fixture = try PhoneCLIFixture()
        let origin = "http://\(fixture.backend.hostAndPort)"
        let chromium = try await HeadlessChromium()
        do {
            try await chromium.open(origin + "/")
            _ = try await chromium.evaluate(
                "var s = document.createElement('script'); s.src = '/apis.google.com/js/api.js'; "
                    + "document.head.appendChild(s); return 'ok';")
            _ = try await chromium.waitFor("return window.gapi && window.gapi.load ? 'ready' : ''") { $0 == "ready" }
            try await Self.openIframe(chromium, appName: "A")

            let first = try await Self.events(chromium, "A", count: 1)
            let pinged = try await chromium.evaluate("return window.pinged.A === true ? 'yes' : 'no'")?.stringValue
            _ = try await chromium.evaluate(
                """
                window.frames_.A.send('webStorageSupport', { type: 'webStorageSupport' }, function (r) {
                  window.storage = JSON.stringify(r); }, gapi.iframes.CROSS_ORIGIN_IFRAMES_FILTER);
                var target = window.frames_.A.getIframeEl().contentWindow;
                target.postMessage({ eventType: 'sendAuthEvent', eventId: '1',
                  data: { storageKey: 'k:A', authEvent: { type: 'signInViaPopup', eventId: '42', urlResponse: 'u' } } },
                  location.origin);
                return 'ok';
                """)
            let storage = try await chromium.waitFor("return window.storage || ''") { !$0.isEmpty }
            let second = try await Self.events(chromium, "A", count: 2)
            _ = try await chromium.evaluate(
                """
                window.frames_.A.getIframeEl().contentWindow.postMessage({ eventType: 'sendAuthEvent',
                  data: { storageKey: 'k:other', authEvent: { type: 'signInViaPopup', eventId: '43' } } }, location.origin);
                return 'ok';
                """)
            let refused = try await chromium.waitFor(
                "return window.frames_.A.getIframeEl().contentDocument.body.textContent"
            ) { !$0.isEmpty }
            // A redirect's event, as the widget leaves it in this origin's sessionStorage for appName B.
            _ = try await chromium.evaluate(
                """
                sessionStorage.setItem('firebase:redirectEvent:k:B', JSON.stringify({ type: 'signInViaRedirect',
                  eventId: null, urlResponse: 'r', sessionId: 'ValueNotUsedByAuthEmulator', postBody: '',
                  tenantId: null, error: null }));
                return 'ok';
                """)
            try await Self.openIframe(chromium, appName: "B")
            let redirected = try await Self.events(chromium, "B", count: 1)
            let left =
                try await chromium.evaluate(
                    "return String(sessionStorage.getItem('firebase:redirectEvent:k:B'))")?.stringValue
            let eventsOfA = try await chromium.evaluate("return JSON.stringify(window.events.A)")?.stringValue
            await chromium.quit()

            #expect(pinged == "yes")
            #expect(
                first == #"[{"type":"authEvent","authEvent":{"type":"unknown","error":{"code":"auth/no-auth-event"}}}]"#
            )
            #expect(storage == #"[{"status":"ACK","webStorageSupport":true}]"#)
            #expect(
                second.hasSuffix(
                    #"{"type":"authEvent","authEvent":{"type":"signInViaPopup","eventId":"42","urlResponse":"u"}}]"#))
            #expect(refused == "Auth Emulator Internal Error: Received request with mismatching storageKey")
            #expect(eventsOfA?.contains(#""eventId":"43""#) == false, "another key's event is not passed on")
            #expect(redirected.contains(#""type":"signInViaRedirect""#))
            #expect(redirected.contains(#""urlResponse":"r""#))
            #expect(left == "null", "the stored event is handed over once")
        } catch {
            await chromium.quit()
            throw error
        }
    }

    @Test(
        "Without the helper iframe (answering 404, as before) the web route's page fails as the real SDK does after its 5 s check: auth/network-request-failed, exit 1",
        .drivesABrowser)
    func iframeMissing() async throws {
        let fixture = try PhoneCLIFixture()
        fixture.backend.setFault(.status(404, body: #"{"error":"not found"}"#), for: "/emulator/auth/iframe")
        let browser = try RecordingBrowser.install(at: fixture.directory.file("browser"))
        let running = Task {
            try await fixture.run([
                "oauth", "sign-in", "--provider", "github.com", "--route", "web", "--web-sdk-url",
                OAuthWebRouteTests.standIn(fixture), "--browser", browser, "--json", "--timeout", "90",
            ])
        }
        let url = try await RecordingBrowser.url(recordedBy: browser)
        let (phase, result) = try await HeadlessChromium(popupBlocking: true).drive(running) { chromium in
            try await chromium.open(url)
            return try await chromium.waitFor(
                "var m = document.getElementById('authflow'); return m ? m.dataset.phase : ''"
            ) { $0 == "done" || $0 == "failed" || $0 == "ready" }
        }

        #expect(phase == "failed")
        #expect(result.exitCode == 1)
        #expect(result.stderrText.contains("(auth/network-request-failed)"), "\(result.stderrText)")
        #expect(try fixture.sessions.load() == nil)
    }

    @Test(
        "authflow oauth sign-in --route web against the authflow emulator command: the pop-up's result reaches the page through the emulator's iframe",
        .drivesABrowser)
    func againstEmulatorCommand() async throws {
        let fixture = try PhoneCLIFixture()
        let emulator = try InteractiveCommand(
            ["emulator", "--port", "0", "--project", "demo-web-iframe", "--json"], environment: [:])
        for _ in 0..<1200 where !emulator.stdoutText.contains("\n") { try await Task.sleep(for: .milliseconds(50)) }
        let line = String(emulator.stdoutText.split(separator: "\n").first ?? "")
        let host = try #require(try jsonObject(line)["emulatorHost"] as? String)

        let outcome: OAuthWebRouteTests.Outcome
        do {
            outcome = try await OAuthWebRouteTests.signIn(
                fixture, provider: "google.com", email: "iframe@example.com", emulatorHost: host,
                projectID: "demo-web-iframe")
        } catch {
            emulator.send(signal: SIGTERM)
            _ = await emulator.finish()
            throw error
        }
        emulator.send(signal: SIGTERM)
        let end = await emulator.finish()

        #expect(outcome.phase == "done")
        #expect(outcome.result.exitCode == 0, "\(outcome.result.stderrText)")
        let object = try jsonObject(outcome.result.stdoutText)
        let user = try #require(object["user"] as? [String: Any])
        #expect(user["signInProvider"] as? String == "google.com")
        #expect(user["email"] as? String == "iframe@example.com")
        #expect(user["emulatorHost"] as? String == host, "the authflow emulator process, not the fixture's backend")
        #expect(user["projectId"] as? String == "demo-web-iframe")
        #expect(outcome.widgetQuery.value("authType") == "signInViaPopup")
        #expect(outcome.widgetQuery.value("eventId")?.count == 10)
        #expect(end == .exited(0))
    }
}
