import AuthflowListener
import AuthflowPrimitives

/// `GET /emulator/auth/iframe`: the emulator's helper iframe, which the Firebase JS SDK embeds (hidden) in
/// the app's page after `connectAuthEmulator` to receive pop-up and redirect results. Its query is the SDK's:
/// `apiKey`, `appName`, `v` (the SDK version) and perhaps `eid` and `fw`. Like the emulator's, the page loads
/// Google's API loader and, once `gapi.iframes` is loaded, takes its parent (`getParentIframe()`), answers
/// `webStorageSupport` with `{status: "ACK", webStorageSupport: true}` and sends `authEvent` with
/// `{type: "authEvent", authEvent}`: the redirect result the widget left in this origin's `sessionStorage`
/// under `firebase:redirectEvent:<apiKey>:<appName>` (removed as it is sent), else
/// `{type: "unknown", error: {code: "auth/no-auth-event"}}`. A pop-up's result arrives later as a
/// `postMessage` from the widget's window (``AuthEventRelay``), `{eventType: "sendAuthEvent", data:
/// {authEvent, storageKey}}`, which it sends on the same way (or stores, before the parent is there). Unlike
/// the emulator's page it takes that message only from its own origin and only for its own storage key, and
/// reports a problem in the page and the console instead of an alert.
///
/// The loader is Google's (`https://apis.google.com/js/api.js`), as the real SDK's parent page uses; for the
/// stand-in SDK (``FirebaseWebSDKStandIn``, `v` is its ``FirebaseWebSDKStandIn/version``) it is the
/// backend's ``GapiStandIn``, the one that SDK installs in the parent, so both halves speak the same protocol.
enum EmulatorIframe {
    /// The page, where the SDK's `iframe.ts` loads it against an emulator.
    static let path = "/emulator/auth/iframe"
    /// The page's script.
    static let scriptPath = "/emulator/auth/iframe.js"
    /// Google's API loader, which the page uses unless its parent runs the stand-in SDK.
    static let googleLoader = "https://apis.google.com/js/api.js"

    static func page(_ request: LoopbackRequest) -> LoopbackResponse {
        let query = QueryParameters(form: request.query ?? "")
        let loader = query["v"] == FirebaseWebSDKStandIn.version ? GapiStandIn.path : googleLoader
        let html = """
            <!DOCTYPE html>
            <meta charset="utf-8">
            <title>Auth Emulator Helper Iframe</title>
            <body>
            <script src="\(scriptPath)"></script>
            <script src="\(loader)"></script>
            </body>

            """
        var response = LoopbackResponse.html(html)
        // Any app's page may embed it (no frame-ancestors). Nothing from the request is written into the page;
        // scripts are not restricted, as the emulator's page does not restrict them: Google's loader fetches its
        // modules at run time from wherever it decides.
        response.headers.append(
            HTTPHeader(name: "Content-Security-Policy", value: "object-src 'none'; base-uri 'none'"))
        response.headers.append(HTTPHeader(name: "Cache-Control", value: "no-store"))
        return response
    }

    static func script() -> LoopbackResponse {
        ScriptReply.javascript(scriptSource)
    }

    static let scriptSource = #"""
        // The Auth emulator's helper iframe (authflow's embedded backend).
        (function () {
          'use strict';
          var query = new URLSearchParams(location.search);
          var apiKey = query.get('apiKey');
          var appName = query.get('appName');
          var storageKey = apiKey + ':' + appName;
          var eventKey = 'firebase:redirectEvent:' + storageKey;
          var parentLink = null;
          function fail(text) {
            var line = 'Auth Emulator Internal Error: ' + text;
            document.body.textContent = line;
            console.error(line);
          }
          if (!apiKey || !appName) {
            fail('Missing query params apiKey or appName for iframe.');
            return;
          }
          function sendAuthEvent(authEvent) {
            var message = { type: 'authEvent',
              authEvent: authEvent || { type: 'unknown', error: { code: 'auth/no-auth-event' } } };
            parentLink.send('authEvent', message, function (responses) {
              if (!responses || !responses.length || !responses[responses.length - 1] ||
                  responses[responses.length - 1].status !== 'ACK') {
                fail('Sending authEvent failed.');
              }
            }, gapi.iframes.CROSS_ORIGIN_IFRAMES_FILTER);
          }
          window.addEventListener('message', function (event) {
            var data = event.data;
            if (event.origin !== location.origin || !data || typeof data !== 'object' ||
                data.eventType !== 'sendAuthEvent' || !data.data) {
              return;
            }
            if (data.data.storageKey !== storageKey) {
              fail('Received request with mismatching storageKey');
              return;
            }
            if (parentLink) {
              sendAuthEvent(data.data.authEvent);
            } else {
              sessionStorage.setItem(eventKey, JSON.stringify(data.data.authEvent));
            }
          });
          function connect() {
            parentLink = gapi.iframes.getContext().getParentIframe();
            parentLink.register('webStorageSupport', function () {
              return { status: 'ACK', webStorageSupport: true };
            }, gapi.iframes.CROSS_ORIGIN_IFRAMES_FILTER);
            var stored = sessionStorage.getItem(eventKey);
            sessionStorage.removeItem(eventKey);
            var authEvent = null;
            if (stored) {
              try { authEvent = JSON.parse(stored); } catch (e) { fail('Invalid stored event.'); return; }
            }
            sendAuthEvent(authEvent);
          }
          window.gapi_onload = function () {
            gapi.load('gapi.iframes', { callback: connect, timeout: 10000, ontimeout: function () {
              fail('Error loading gapi.iframe! Please check your Internet connection.');
            } });
          };
        })();

        """#
}
