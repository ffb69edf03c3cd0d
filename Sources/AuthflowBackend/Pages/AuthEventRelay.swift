import AuthflowListener
import AuthflowPrimitives

/// How the IdP widget hands a web SDK its result, as the emulator's page script does: the auth event
/// `{type, eventId, urlResponse, sessionId: "ValueNotUsedByAuthEmulator", postBody: "", tenantId, error: null}`
/// (`type` the widget's `authType`, `tenantId` its `tid`, both null when missing). For a pop-up (an `authType`
/// containing "popup") the page posts `{data: {authEvent, storageKey}, eventId, eventType: "sendAuthEvent"}`
/// to the frame of the opener that is this origin's ``EmulatorIframe`` for the same `apiKey` and `appName`,
/// which passes it to the SDK; for a redirect it stores the event in this origin's `sessionStorage` under
/// `firebase:redirectEvent:<apiKey>:<appName>`, where that iframe finds it after the app's page loads again,
/// and goes to `redirectUrl`. The storage key is `<apiKey>:<appName>`. The page is a data block and
/// ``scriptPath``; the event is written into it as JSON with `<`, `>` and `&` escaped.
enum AuthEventRelay {
    /// The page's script.
    static let scriptPath = "/emulator/auth/handler/relay.js"
    /// The `sessionId` the emulator's widget puts in every event.
    static let sessionId = "ValueNotUsedByAuthEmulator"

    /// The event the widget hands on for `urlResponse`, from the widget's parameters.
    static func authEvent(urlResponse: String, parameters: QueryParameters) -> JSONValue {
        let text = { (name: String) in parameters[name].map(JSONValue.string) ?? .null }
        return .object(
            JSONObject([
                ("type", text("authType")), ("eventId", text("eventId")), ("urlResponse", .string(urlResponse)),
                ("sessionId", .string(sessionId)), ("postBody", .string("")), ("tenantId", text("tid")),
                ("error", .null),
            ]))
    }

    /// The page handing `authEvent` to the opener's iframe (`redirectUrl` nil) or, through storage, to the
    /// page at `redirectUrl`.
    static func page(authEvent: JSONValue, parameters: QueryParameters, redirectUrl: String?) -> LoopbackResponse {
        let apiKey = parameters["apiKey"] ?? ""
        let appName = parameters["appName"] ?? ""
        var relay: [(String, JSONValue)] = [
            ("authEvent", authEvent), ("apiKey", .string(apiKey)), ("appName", .string(appName)),
            ("storageKey", .string(apiKey + ":" + appName)),
        ]
        if let redirectUrl { relay.append(("redirectUrl", .string(redirectUrl))) }
        let message =
            redirectUrl == nil ? "Signed in; this window closes by itself." : "Signed in; returning to the app."
        let html = """
            <!DOCTYPE html>
            <meta charset="utf-8">
            <title>Auth Emulator</title>
            <body>
            <p id="status">\(message)</p>
            <noscript>This step of the Auth Emulator's sign-in needs JavaScript.</noscript>
            <script type="application/json" id="relay">\(dataBlock(.object(JSONObject(relay))))</script>
            <script src="\(scriptPath)"></script>
            </body>

            """
        var response = LoopbackResponse.html(html)
        response.headers.append(
            HTTPHeader(
                name: "Content-Security-Policy",
                value: "default-src 'none'; script-src 'self'; base-uri 'none'; frame-ancestors 'none'"))
        response.headers.append(HTTPHeader(name: "Cache-Control", value: "no-store"))
        return response
    }

    /// JSON that cannot end the script element it sits in: `<`, `>` and `&` (which only occur inside JSON
    /// strings) as `\u` escapes.
    static func dataBlock(_ value: JSONValue) -> String {
        var text = ""
        for character in JSONWriter.string(value).unicodeScalars {
            switch character {
            case "<": text += "\\u003c"
            case ">": text += "\\u003e"
            case "&": text += "\\u0026"
            default: text.unicodeScalars.append(character)
            }
        }
        return text
    }

    static func script() -> LoopbackResponse {
        ScriptReply.javascript(scriptSource)
    }

    static let scriptSource = #"""
        // The Auth emulator's widget handing its result to the web SDK (authflow's embedded backend).
        (function () {
          'use strict';
          var status = document.getElementById('status');
          function fail(text) {
            status.textContent = 'Auth Emulator Internal Error: ' + text;
            status.style.color = 'red';
          }
          var relay = JSON.parse(document.getElementById('relay').textContent);
          if (relay.redirectUrl === undefined) {
            var sent = false;
            var opener = window.opener;
            for (var i = 0; opener && i < opener.frames.length; i++) {
              try {
                var frame = opener.frames[i];
                var query = new URLSearchParams(frame.location.search);
                if (frame.location.origin === location.origin && frame.location.pathname === '/emulator/auth/iframe' &&
                    query.get('apiKey') === relay.apiKey && query.get('appName') === relay.appName) {
                  frame.postMessage({ data: { authEvent: relay.authEvent, storageKey: relay.storageKey },
                    eventId: String(Math.floor(Math.random() * Math.pow(10, 20))), eventType: 'sendAuthEvent' },
                    location.origin);
                  sent = true;
                }
              } catch (e) {
                // A frame of another origin: not the emulator's iframe.
              }
            }
            if (!sent) { fail('No matching frame'); }
          } else {
            sessionStorage.setItem('firebase:redirectEvent:' + relay.storageKey, JSON.stringify(relay.authEvent));
            location.assign(relay.redirectUrl);
          }
        })();

        """#
}
