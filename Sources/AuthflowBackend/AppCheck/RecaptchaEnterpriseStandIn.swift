import AuthflowListener
import AuthflowPrimitives

/// A stand-in for Google's `recaptcha/enterprise.js`, for pages tested offline: it defines the documented
/// `grecaptcha.enterprise.ready(callback)` and `grecaptcha.enterprise.execute(siteKey, {action})`, and
/// `execute` asks this backend for a token (remembered with the key and action, so App Check's exchange can
/// tell it from a made-up one). A page uses it only when told to by an explicit test setting; the real script
/// is a drop-in.
enum RecaptchaEnterpriseStandIn {
    static let scriptPath = "/__/authflow/recaptcha/enterprise.js"
    static let executePath = "/__/authflow/recaptcha/enterprise/execute"

    static func script(service: BackendService) -> LoopbackResponse {
        let executeURL = service.origin + executePath
        let source = """
        (function () {
          var executeURL = \(JSONWriter.string(.string(executeURL)));
          var enterprise = {
            ready: function (callback) { setTimeout(callback, 0); },
            execute: function (siteKey, options) {
              var action = (options && options.action) || '';
              return fetch(executeURL, {
                method: 'POST', headers: { 'Content-Type': 'application/json' },
                body: JSON.stringify({ siteKey: siteKey, action: action })
              }).then(function (r) { return r.json(); }).then(function (j) { return j.token; });
            }
          };
          window.grecaptcha = window.grecaptcha || {};
          window.grecaptcha.enterprise = enterprise;
        })();
        """
        return LoopbackResponse(
            status: 200, headers: [HTTPHeader(name: "Content-Type", value: "text/javascript; charset=utf-8")],
            body: Array(source.utf8))
    }

    static func execute(_ request: LoopbackRequest, service: BackendService) -> LoopbackResponse {
        do throws(APIError) {
            let body = try RequestFields.parse(json: request.body)
            guard let siteKey = try body.nonEmptyString("siteKey") else {
                return JSONReply.error(.invalidArgument("siteKey is required."))
            }
            let action = try body.nonEmptyString("action") ?? ""
            let token = service.appCheck.issueRecaptchaToken(siteKey: siteKey, action: action)
            return JSONReply.ok(["token": .string(token)])
        } catch {
            return JSONReply.error(error)
        }
    }
}
