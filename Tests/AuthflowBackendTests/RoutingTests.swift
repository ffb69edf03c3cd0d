import AuthflowBackend
import AuthflowHTTP
import AuthflowPrimitives
import Testing

@Suite("Routing, keys and fixed replies")
struct RoutingTests {
    @Test("A REST call without a key is 403 PERMISSION_DENIED with the emulator's message")
    func missingKey() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }

        let noKey = try await harness.v1("accounts:signUp", [:], key: nil)
        let emptyKey = try await harness.v1("accounts:signUp", [:], key: "")

        for reply in [noKey, emptyKey] {
            #expect(reply.status == 403)
            let error = try #require(reply.errorObject)
            #expect(error["code"] as? Int == 403)
            #expect(error["message"] as? String == "The request is missing a valid API key.")
            #expect(error["status"] as? String == "PERMISSION_DENIED")
        }
        #expect(harness.backend.accounts.isEmpty)
    }

    @Test("Any non-empty key maps to the project; Bearer owner works without a key; another bearer is 401")
    func keysAndAuthorization() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }

        let anyKey = try await harness.v1("accounts:signUp", [:], key: "whatever-123")
        let owner = try await harness.v1("accounts:signUp", [:], key: nil, headers: BackendHarness.owner)
        let stranger = try await harness.v1(
            "accounts:signUp", [:], headers: [HTTPHeader(name: "Authorization", value: "Bearer nope")])

        #expect(anyKey.status == 200)
        #expect(owner.status == 200)
        #expect(stranger.status == 401)
        #expect(stranger.errorObject?["status"] as? String == "UNAUTHENTICATED")
    }

    @Test("Unknown paths and wrong methods are 404 NOT_FOUND, key or not")
    func unknownPaths() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }

        let paths = [
            "/identitytoolkit.googleapis.com/v1/accounts:nonsense?key=k",
            "/identitytoolkit.googleapis.com/v3/accounts:signUp?key=k",
            "/favicon.ico",
            "/__/auth/callback?authType=verifyApp",
        ]
        for path in paths {
            let reply = try await harness.get(path)
            #expect(reply.status == 404, "\(path)")
            #expect(reply.errorObject?["status"] as? String == "NOT_FOUND")
        }
        let getSignUp = try await harness.get("/identitytoolkit.googleapis.com/v1/accounts:signUp?key=k")
        #expect(getSignUp.status == 404)
    }

    @Test("v1 projects and recaptchaParams give the emulator's fixed replies, also through the legacy names")
    func fixedReplies() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }

        let projects = try await harness.get("/identitytoolkit.googleapis.com/v1/projects?key=k")
        let legacyProjects = try await harness.get(
            "/www.googleapis.com/identitytoolkit/v3/relyingparty/getProjectConfig?key=k")
        let params = try await harness.get("/identitytoolkit.googleapis.com/v1/recaptchaParams?key=k")
        let legacyParams = try await harness.get(
            "/www.googleapis.com/identitytoolkit/v3/relyingparty/getRecaptchaParam?key=k")

        #expect(projects.text == #"{"projectId":"12345","authorizedDomains":["localhost"]}"#)
        #expect(legacyProjects.text == projects.text)
        #expect(try params.requireOK()["recaptchaSiteKey"] as? String == "Fake-key__Do-not-send-this-to-Recaptcha_")
        #expect(legacyParams.text == params.text)
        #expect(projects.header("Content-Type") == "application/json; charset=utf-8")
    }

    @Test("Legacy verifyAssertion is rewritten to accounts:signInWithIdp")
    func legacyVerifyAssertion() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }

        let reply = try await harness.post(
            "/www.googleapis.com/identitytoolkit/v3/relyingparty/verifyAssertion?key=k",
            json: [
                "requestUri": "http://localhost", "postBody": #"providerId=apple.com&id_token={"sub":"legacy-1"}"#,
                "returnSecureToken": true,
            ]
        )

        let body = try reply.requireOK()
        #expect(body["federatedId"] as? String == "legacy-1")
        #expect(body["kind"] as? String == "identitytoolkit#VerifyAssertionResponse")
    }

    @Test("Endpoints the emulator does not implement answer 501 NOT_IMPLEMENTED with its wording")
    func notImplemented() async throws {
        let harness = try BackendHarness(revokeToken: .notImplemented)
        defer { harness.backend.stop() }

        let recaptchaConfig = try await harness.get(
            "/identitytoolkit.googleapis.com/v2/recaptchaConfig?key=k&clientType=CLIENT_TYPE_IOS&version=RECAPTCHA_ENTERPRISE"
        )
        let passwordPolicy = try await harness.get("/identitytoolkit.googleapis.com/v2/passwordPolicy?key=k")
        let idpAuthUri = try await harness.v1(
            "accounts:createAuthUri", ["providerId": "apple.com", "continueUri": "http://localhost"])
        let revoke = try await harness.v2(
            "accounts:revokeToken", ["providerId": "apple.com", "token": "t", "idToken": "x"])
        let signOut = try await harness.post(
            "/www.googleapis.com/identitytoolkit/v3/relyingparty/signOutUser?key=k", json: [:])

        #expect(recaptchaConfig.status == 501)
        #expect(
            recaptchaConfig.errorMessage
                == "identitytoolkit.getRecaptchaConfig is not implemented in the Auth Emulator.")
        #expect(recaptchaConfig.errorObject?["status"] as? String == "NOT_IMPLEMENTED")
        #expect(passwordPolicy.status == 501)
        #expect(idpAuthUri.status == 501)
        #expect(
            idpAuthUri.text
                == #"{"error":{"code":501,"message":"Sign-in with IDP is not yet supported.","errors":[{"message":"Sign-in with IDP is not yet supported.","reason":"unimplemented"}],"status":"NOT_IMPLEMENTED"}}"#
        )
        #expect(revoke.errorMessage == "identitytoolkit.accounts.revokeToken is not implemented in the Auth Emulator.")
        #expect(signOut.status == 501)
    }

    @Test("A 400 from a failed check has the emulator's envelope: no status field, reason invalid, domain global")
    func badRequestEnvelope() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }

        let reply = try await harness.v1("accounts:sendVerificationCode", ["phoneNumber": "5555550100"])

        #expect(reply.status == 400)
        #expect(
            reply.text
                == #"{"error":{"code":400,"message":"INVALID_PHONE_NUMBER : Invalid format.","errors":[{"message":"INVALID_PHONE_NUMBER : Invalid format.","reason":"invalid","domain":"global"}]}}"#
        )
    }

    @Test("Unparsable JSON and wrong field types are 400 INVALID_ARGUMENT")
    func invalidJSON() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }

        let garbage = try await harness.send(
            .post, "/identitytoolkit.googleapis.com/v1/accounts:signUp?key=k", body: Array("{\"email\":".utf8))
        let array = try await harness.send(
            .post, "/identitytoolkit.googleapis.com/v1/accounts:signUp?key=k", body: Array("[1,2]".utf8))
        let wrongType = try await harness.v1("accounts:signUp", ["email": ["not", "a", "string"]])
        let deep = try await harness.send(
            .post, "/identitytoolkit.googleapis.com/v1/accounts:signUp?key=k",
            body: Array((String(repeating: "[", count: 5000) + String(repeating: "]", count: 5000)).utf8)
        )

        for reply in [garbage, array, wrongType, deep] {
            #expect(reply.status == 400)
            #expect(reply.errorObject?["status"] as? String == "INVALID_ARGUMENT")
            #expect(reply.errorMessage?.hasPrefix("Invalid JSON payload received.") == true)
        }
        #expect(wrongType.errorMessage == "Invalid JSON payload received. /email must be string")
    }

    @Test("GET / reports the emulator as ready; CORS reflects the origin and answers preflights")
    func rootAndCORS() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }

        let root = try await harness.get("/").requireOK()
        let withOrigin = try await harness.get(
            "/identitytoolkit.googleapis.com/v1/projects?key=k",
            headers: [HTTPHeader(name: "Origin", value: "http://localhost:5173")])
        let preflight = try await harness.send(
            HTTPMethod(rawValue: "OPTIONS"), "/identitytoolkit.googleapis.com/v1/accounts:signUp?key=k",
            headers: [
                HTTPHeader(name: "Origin", value: "http://localhost:5173"),
                HTTPHeader(name: "Access-Control-Request-Method", value: "POST"),
                HTTPHeader(name: "Access-Control-Request-Headers", value: "content-type,x-client-version"),
            ]
        )

        #expect((root["authEmulator"] as? [String: Any])?["ready"] as? Bool == true)
        #expect(withOrigin.header("Access-Control-Allow-Origin") == "http://localhost:5173")
        #expect(preflight.status == 204)
        #expect(preflight.header("Access-Control-Allow-Headers") == "content-type,x-client-version")
    }
}
