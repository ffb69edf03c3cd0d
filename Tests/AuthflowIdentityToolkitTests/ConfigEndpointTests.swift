import AuthflowIdentityToolkit
import AuthflowListener
import Testing

@Suite("Project and reCAPTCHA configuration endpoints")
struct ConfigEndpointTests {
    @Test("GET v1 projects: no body, no Content-Type; the emulator's fixed reply decodes")
    func projectConfig() async throws {
        let exchange = try await exchange(
            GetProjectConfigRequest(), reply: json(#"{"projectId":"12345","authorizedDomains":["localhost"]}"#)
        )

        expectTarget(exchange.request, "GET", "/identitytoolkit.googleapis.com/v1/projects?key=test-key")
        expectHeaders(exchange.request, contentType: nil)
        #expect(exchange.request.body.isEmpty)
        #expect(exchange.response.projectId == "12345")
        #expect(exchange.response.authorizedDomains == ["localhost"])
    }

    @Test("GET v1 projects sends iosBundleId and androidPackageName after the key, encoded")
    func projectConfigQuery() async throws {
        let exchange = try await exchange(
            GetProjectConfigRequest(iosBundleID: "com.example.app", androidPackageName: "com.example+x"),
            reply: json(#"{"authorizedDomains":["test.web.app","test.firebaseapp.com"]}"#)
        )

        expectTarget(
            exchange.request, "GET",
            "/identitytoolkit.googleapis.com/v1/projects?key=test-key&iosBundleId=com.example.app&androidPackageName=com.example%2Bx"
        )
        #expect(exchange.response.projectId == nil)
        #expect(exchange.response.authorizedDomains == ["test.web.app", "test.firebaseapp.com"])
    }

    @Test("authorizedDomains encoded as a JSON string is accepted, as iOS does; missing means empty")
    func authorizedDomainsAsString() async throws {
        let asString = try await exchange(
            GetProjectConfigRequest(),
            reply: json(
                #"{"projectId":"21141651616","authorizedDomains":"[\"localhost\",\"example.firebaseapp.com\"]"}"#)
        )
        let missing = try await exchange(GetProjectConfigRequest(), reply: json(#"{"projectId":"p"}"#))

        #expect(asString.response.authorizedDomains == ["localhost", "example.firebaseapp.com"])
        #expect(missing.response.authorizedDomains == [])
    }

    @Test("GET v1 recaptchaParams returns the v2 site key and stoken")
    func recaptchaParams() async throws {
        let exchange = try await exchange(
            GetRecaptchaParamsRequest(),
            reply: json(
                #"{"kind":"identitytoolkit#GetRecaptchaParamResponse","recaptchaSiteKey":"Fake-key__Do-not-send-this-to-Recaptcha_","recaptchaStoken":"Fake-stoken"}"#
            )
        )

        expectTarget(exchange.request, "GET", "/identitytoolkit.googleapis.com/v1/recaptchaParams?key=test-key")
        expectHeaders(exchange.request, contentType: nil)
        #expect(exchange.response.recaptchaSiteKey == "Fake-key__Do-not-send-this-to-Recaptcha_")
        #expect(exchange.response.recaptchaStoken == "Fake-stoken")
    }

    @Test("GET v2 recaptchaConfig: key first, then clientType and version, as in the iOS vector")
    func recaptchaConfigURL() async throws {
        let exchange = try await exchange(
            GetRecaptchaConfigRequest(clientType: .ios),
            reply: json(
                #"{"recaptchaKey":"projects/123/keys/456","recaptchaEnforcementState":[{"provider":"PHONE_PROVIDER","enforcementState":"ENFORCE"},{"provider":"EMAIL_PASSWORD_PROVIDER","enforcementState":"AUDIT"}]}"#
            )
        )

        expectTarget(
            exchange.request, "GET",
            "/identitytoolkit.googleapis.com/v2/recaptchaConfig?key=test-key&clientType=CLIENT_TYPE_IOS&version=RECAPTCHA_ENTERPRISE"
        )
        expectHeaders(exchange.request, contentType: nil)
        #expect(exchange.response.siteKey == "456")
        #expect(exchange.response.enforcementState(for: .phone) == .enforce)
        #expect(exchange.response.enforcementState(for: .emailPassword) == .audit)
    }

    @Test("The configured tenant becomes a tenantId query parameter of recaptchaConfig, after version")
    func recaptchaConfigTenant() async throws {
        let exchange = try await exchange(
            GetRecaptchaConfigRequest(clientType: .web), reply: json("{}"), tenantID: "tenant one"
        )

        #expect(
            exchange.request.query
                == "key=test-key&clientType=CLIENT_TYPE_WEB&version=RECAPTCHA_ENTERPRISE&tenantId=tenant%20one")
        #expect(exchange.response.recaptchaKey == nil)
        #expect(exchange.response.siteKey == nil)
        #expect(exchange.response.enforcementState(for: .phone) == .off)
    }

    @Test(
        "Site key needs exactly four parts; a missing provider is OFF, an unknown state unspecified",
        arguments: [
            ("projects/123/keys/456", "456"),
            ("projects/123/keys/456/extra", nil),
            ("projects/123/456", nil),
            ("projects/123/keys/", nil),
            ("456", nil),
        ] as [(String, String?)])
    func siteKeyParts(key: String, expected: String?) async throws {
        let exchange = try await exchange(
            GetRecaptchaConfigRequest(clientType: .web),
            reply: json(
                #"{"recaptchaKey":"\#(key)","recaptchaEnforcementState":[{"provider":"PHONE_PROVIDER","enforcementState":"SOMETHING_NEW"}]}"#
            )
        )

        #expect(exchange.response.siteKey == expected)
        #expect(exchange.response.enforcementState(for: .phone) == .unspecified)
        #expect(exchange.response.enforcementState(for: .emailPassword) == .off)
    }
}
