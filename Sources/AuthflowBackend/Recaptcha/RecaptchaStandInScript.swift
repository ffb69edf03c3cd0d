import AuthflowListener
import AuthflowPrimitives

/// A stand-in for Google's reCAPTCHA Enterprise script (`https://www.google.com/recaptcha/enterprise.js`),
/// served at ``path`` (Google's host first in the path, the emulators' convention) for pages tested
/// offline. It offers the documented calls a page uses, `grecaptcha.enterprise.ready(callback)` and
/// `grecaptcha.enterprise.execute(siteKey, {action})`, and calls the function named by the `onload`
/// parameter, as the real script does; so a page written for the real script runs unchanged.
///
/// `execute` resolves to `authflow-stand-in:<action>:<random>` for the site key given as `render`, and
/// refuses any other key. ``RecaptchaCheck`` accepts exactly these tokens for the expected action.
enum RecaptchaStandInScript {
    /// Where the backend serves it.
    static let path = "/www.google.com/recaptcha/enterprise.js"

    static func reply() -> LoopbackResponse {
        ScriptReply.javascript(source)
    }

    static let source = """
        // Stand-in for reCAPTCHA Enterprise served by authflow's embedded backend. It never talks to Google.
        (function () {
          var query = new URL(document.currentScript.src).searchParams;
          var renderedKey = query.get('render');
          function randomPart() {
            var bytes = new Uint8Array(16);
            crypto.getRandomValues(bytes);
            return Array.prototype.map.call(bytes, function (b) { return ('0' + b.toString(16)).slice(-2); }).join('');
          }
          var enterprise = {
            ready: function (callback) { setTimeout(callback, 0); },
            execute: function (siteKey, options) {
              if (!siteKey || siteKey !== renderedKey) {
                return Promise.reject(new Error('reCAPTCHA stand-in: site key ' + siteKey + ' was not rendered'));
              }
              var action = (options && options.action) || 'verify';
              return Promise.resolve('\(RecaptchaCheck.tokenPrefix)' + action + ':' + randomPart());
            }
          };
          window.grecaptcha = window.grecaptcha || {};
          window.grecaptcha.enterprise = enterprise;
          var onload = query.get('onload');
          if (onload && typeof window[onload] === 'function') { setTimeout(window[onload], 0); }
        })();

        """
}
