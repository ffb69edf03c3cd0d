import AuthflowListener
import AuthflowPrimitives

/// The one stand-in for Google's reCAPTCHA Enterprise script (`https://www.google.com/recaptcha/enterprise.js`),
/// served at ``path`` (Google's host first in the path, the emulators' convention) for every page authflow
/// tests offline: the email/password token page and App Check's. It offers the documented calls a page uses,
/// `grecaptcha.enterprise.ready(callback)` and `grecaptcha.enterprise.execute(siteKey, {action})`, and calls
/// the function named by the `onload` parameter, as the real script does; so a page written for the real
/// script runs unchanged.
///
/// `execute` refuses a site key other than the one given as `render` (when one was), and asks this backend
/// for the token (``executePath``): `authflow-stand-in:<action>:<random>`, remembered with its site key and
/// action, so ``RecaptchaCheck`` accepts it for that action and App Check's exchange can tell it from a
/// made-up one.
enum RecaptchaStandInScript {
    /// Where the backend serves it.
    static let path = "/www.google.com/recaptcha/enterprise.js"
    /// Where the script asks for a token.
    static let executePath = "/__/authflow/recaptcha/enterprise/execute"

    static func reply() -> LoopbackResponse {
        ScriptReply.javascript(source)
    }

    /// Issues a token for the `siteKey` and `action` the script posts.
    static func execute(_ request: LoopbackRequest, service: BackendService) -> LoopbackResponse {
        do throws(APIError) {
            let body = try RequestFields.parse(json: request.body)
            guard let siteKey = try body.nonEmptyString("siteKey") else {
                return JSONReply.error(.invalidArgument("siteKey is required."))
            }
            let action = try body.nonEmptyString("action") ?? "verify"
            let token = service.appCheck.issueRecaptchaToken(siteKey: siteKey, action: action)
            return JSONReply.ok(["token": .string(token)])
        } catch {
            return JSONReply.error(error)
        }
    }

    static let source = """
        // Stand-in for reCAPTCHA Enterprise served by authflow's embedded backend. It never talks to Google.
        (function () {
          var scriptURL = new URL(document.currentScript.src);
          var query = scriptURL.searchParams;
          var renderedKey = query.get('render');
          var executeURL = scriptURL.origin + '\(executePath)';
          var enterprise = {
            ready: function (callback) { setTimeout(callback, 0); },
            execute: function (siteKey, options) {
              if (!siteKey || (renderedKey && siteKey !== renderedKey)) {
                return Promise.reject(new Error('reCAPTCHA stand-in: site key ' + siteKey + ' was not rendered'));
              }
              var action = (options && options.action) || 'verify';
              return fetch(executeURL, {
                method: 'POST', headers: { 'Content-Type': 'application/json' },
                body: JSON.stringify({ siteKey: siteKey, action: action })
              }).then(function (r) { return r.json(); }).then(function (j) { return j.token; });
            }
          };
          window.grecaptcha = window.grecaptcha || {};
          window.grecaptcha.enterprise = enterprise;
          var onload = query.get('onload');
          if (onload && typeof window[onload] === 'function') { setTimeout(window[onload], 0); }
        })();

        """
}
