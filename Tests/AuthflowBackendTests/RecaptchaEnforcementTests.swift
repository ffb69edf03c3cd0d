import AuthflowBackend
import AuthflowHTTP
import Foundation
import Testing

@Suite("reCAPTCHA Enterprise enforcement states")
struct RecaptchaEnforcementTests {
    private static func token(_ action: String) -> String { "authflow-stand-in:\(action):0123456789abcdef" }

    /// The protected email/password calls: REST name, a body that succeeds once the account exists, the
    /// token field and the action.
    private static func calls(email: String) -> [(name: String, body: [String: Any], field: String, action: String)] {
        [
            (
                "accounts:sendOobCode",
                [
                    "requestType": "EMAIL_SIGNIN", "email": email, "continueUrl": "https://example.com",
                    "canHandleCodeInApp": true,
                ], "captchaResp", "getOobCode"
            ),
            (
                "accounts:signInWithPassword",
                ["email": email, "password": "secret-password", "returnSecureToken": true],
                "captchaResponse", "signInWithPassword"
            ),
            (
                "accounts:signUp", ["email": "new-" + email, "password": "secret-password", "returnSecureToken": true],
                "captchaResponse", "signUpPassword"
            ),
        ]
    }

    private static func with(
        _ body: [String: Any], field: String, token: String?, clientType: Bool = true,
        version: String? = "RECAPTCHA_ENTERPRISE"
    ) -> [String: Any] {
        var body = body
        if let token { body[field] = token }
        if clientType { body["clientType"] = "CLIENT_TYPE_WEB" }
        if let version { body["recaptchaVersion"] = version }
        return body
    }

    @Test(
        "recaptchaConfig answers 501 like the emulator until a state is set, then every provider's state and a site key"
    )
    func config() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let path =
            "/identitytoolkit.googleapis.com/v2/recaptchaConfig?key=k&clientType=CLIENT_TYPE_WEB&version=RECAPTCHA_ENTERPRISE"

        let before = try await harness.get(path)
        harness.backend.setRecaptchaEnforcement(.audit, for: .emailPassword)
        let after = try await harness.get(path).requireOK()

        #expect(before.status == 501)
        #expect(
            after["recaptchaKey"] as? String
                == "projects/\(harness.projectID)/keys/\(EmbeddedBackend.standInRecaptchaSiteKey)")
        let states = try #require(after["recaptchaEnforcementState"] as? [[String: String]])
        #expect(
            states == [
                ["provider": "EMAIL_PASSWORD_PROVIDER", "enforcementState": "AUDIT"],
                ["provider": "PHONE_PROVIDER", "enforcementState": "OFF"],
            ])
    }

    @Test(
        "ENFORCE: each protected call refuses a missing token, client type or version and a wrong token or action, and accepts the right one",
        arguments: [0, 1, 2])
    func enforce(call index: Int) async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        _ = try await harness.signUp(email: "ada@example.com")
        harness.backend.setRecaptchaEnforcement(.enforce, for: .emailPassword)
        let call = Self.calls(email: "ada@example.com")[index]

        func message(_ body: [String: Any]) async throws -> String? {
            try await harness.v1(call.name, body).errorMessage
        }
        #expect(try await message(call.body) == "MISSING_RECAPTCHA_TOKEN")
        #expect(
            try await message(
                Self.with(call.body, field: call.field, token: Self.token(call.action), clientType: false))
                == "MISSING_CLIENT_TYPE")
        #expect(
            try await message(Self.with(call.body, field: call.field, token: Self.token(call.action), version: nil))
                == "MISSING_RECAPTCHA_VERSION")
        #expect(
            try await message(
                Self.with(call.body, field: call.field, token: Self.token(call.action), version: "RECAPTCHA_V2"))
                == "INVALID_RECAPTCHA_VERSION")
        #expect(
            try await message(Self.with(call.body, field: call.field, token: "made-up")) == "INVALID_RECAPTCHA_TOKEN")
        #expect(
            try await message(Self.with(call.body, field: call.field, token: Self.token("otherAction")))
                == "INVALID_RECAPTCHA_ACTION")
        let accepted = try await harness.v1(
            call.name, Self.with(call.body, field: call.field, token: Self.token(call.action)))
        #expect(accepted.status == 200, "\(accepted.text)")
        #expect(harness.backend.recaptchaAssessments.last?.valid == true)
        #expect(harness.backend.recaptchaAssessments.last?.expectedAction == call.action)
    }

    @Test("AUDIT accepts a call without a token but checks one that is sent; OFF ignores tokens", arguments: [0, 1, 2])
    func auditAndOff(call index: Int) async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        _ = try await harness.signUp(email: "ada@example.com")
        _ = try await harness.signUp(email: "bo@example.com")
        harness.backend.setRecaptchaEnforcement(.audit, for: .emailPassword)
        let audited = Self.calls(email: "ada@example.com")[index]

        let without = try await harness.v1(audited.name, audited.body)
        let wrong = try await harness.v1(audited.name, Self.with(audited.body, field: audited.field, token: "made-up"))
        harness.backend.setRecaptchaEnforcement(.off, for: .emailPassword)
        let off = Self.calls(email: "bo@example.com")[index]
        let ignored = try await harness.v1(off.name, Self.with(off.body, field: off.field, token: "made-up"))

        #expect(without.status == 200, "\(without.text)")
        #expect(wrong.errorMessage == "INVALID_RECAPTCHA_TOKEN")
        #expect(ignored.status == 200, "\(ignored.text)")
    }

    @Test("PHONE_PROVIDER: ENFORCE needs an Enterprise token; AUDIT takes the v2 fallback with NO_RECAPTCHA")
    func phone() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        harness.backend.setRecaptchaEnforcement(.enforce, for: .phone)
        let v2: [String: Any] = [
            "phoneNumber": "+15555550100", "recaptchaToken": "v2-token", "captchaResponse": "NO_RECAPTCHA",
            "clientType": "CLIENT_TYPE_WEB", "recaptchaVersion": "RECAPTCHA_ENTERPRISE",
        ]
        var enterprise = v2
        enterprise["recaptchaToken"] = nil
        enterprise["captchaResponse"] = Self.token("sendVerificationCode")

        let enforcedV2 = try await harness.v1("accounts:sendVerificationCode", v2)
        let enforcedEnterprise = try await harness.v1("accounts:sendVerificationCode", enterprise)
        harness.backend.setRecaptchaEnforcement(.audit, for: .phone)
        let auditedV2 = try await harness.v1("accounts:sendVerificationCode", v2)

        #expect(enforcedV2.errorMessage == "INVALID_RECAPTCHA_TOKEN")
        #expect(enforcedEnterprise.status == 200, "\(enforcedEnterprise.text)")
        #expect(auditedV2.status == 200, "\(auditedV2.text)")
    }

    @Test("The stand-in enterprise.js is served as JavaScript with the documented calls")
    func standInScript() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }

        let script = try await harness.get("/www.google.com/recaptcha/enterprise.js?render=k&onload=f")

        #expect(script.status == 200)
        #expect(script.header("Content-Type") == "text/javascript; charset=utf-8")
        #expect(script.text.contains("grecaptcha.enterprise = enterprise"))
        #expect(script.text.contains("execute: function (siteKey, options)"))
        #expect(script.text.contains("/__/authflow/recaptcha/enterprise/execute"))
        #expect(script.text.contains("window[onload]"))

        // execute asks the backend, which issues a token for that action that the protected calls accept.
        let issued = try await harness.post(
            "/__/authflow/recaptcha/enterprise/execute", json: ["siteKey": "k", "action": "getOobCode"])
        #expect(issued.status == 200, "\(issued.text)")
        let token = try #require(try issued.json["token"] as? String)
        #expect(
            token.hasPrefix("authflow-stand-in:getOobCode:") && token.count > "authflow-stand-in:getOobCode:".count + 20
        )
    }
}
