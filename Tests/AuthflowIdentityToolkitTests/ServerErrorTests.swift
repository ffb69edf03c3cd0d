import AuthflowIdentityToolkit
import AuthflowListener
import AuthflowTestSupport
import Testing

@Suite("Server error mapping (§9, §12.5)")
struct ServerErrorTests {
    /// Sends one request to a server answering `reply` and returns the refusal.
    func refusal(
        _ reply: LoopbackResponse, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> ServerError? {
        let server = try RecordingServer { _ in reply }
        defer { server.stop() }
        let client = IdentityToolkitClient(
            configuration: emulatorConfiguration(port: server.port), http: loopbackHTTP())
        let error = await expectFailure(sourceLocation: sourceLocation) {
            try await client.send(GetRecaptchaParamsRequest())
        }
        guard case .server(let serverError)? = error else {
            Issue.record("expected .server, got \(String(describing: error))", sourceLocation: sourceLocation)
            return nil
        }
        return serverError
    }

    @Test("Every code: typed, detail kept, raw string kept, and a real sentence as the message")
    func everyCode() async throws {
        let script = ReplyScript([json("{}")])
        let server = try RecordingServer { _ in script.next() }
        defer { server.stop() }
        let client = IdentityToolkitClient(
            configuration: emulatorConfiguration(port: server.port), http: loopbackHTTP())

        for code in ServerErrorCode.allCases {
            let raw = "\(code.rawValue) : Detail for \(code.rawValue.lowercased())"
            script.set(errorEnvelope(raw))

            let error = await expectFailure { try await client.send(SignUpRequest()) }

            guard case .server(let serverError)? = error else {
                Issue.record("\(code): got \(String(describing: error))")
                continue
            }
            #expect(serverError.code == code, "\(code)")
            #expect(serverError.rawCode == code.rawValue, "\(code)")
            #expect(serverError.rawMessage == raw, "\(code)")
            #expect(serverError.detail == "Detail for \(code.rawValue.lowercased())", "\(code)")
            #expect(serverError.httpStatus == 400, "\(code)")
            #expect(serverError.reasons == ["invalid"], "\(code)")
            #expect(serverError.category == code.category, "\(code)")
            let message = serverError.message
            #expect(
                message.count > 30 && message != code.rawValue && !message.hasPrefix(code.rawValue),
                "\(code): \(message)")
            #expect(!code.userMessage.contains("_"), "\(code) guidance reads like a code: \(code.userMessage)")
            if code != .blockingFunctionErrorResponse {
                #expect(
                    message.hasPrefix(code.userMessage) && message.contains(serverError.detail ?? "-"),
                    "\(code): \(message)")
            }
            #expect(error?.description.contains(code.rawValue) == true, "\(code)")
        }
        #expect(server.requests.count == ServerErrorCode.allCases.count)
    }

    @Test(
        "Every code from §9's table and §12.5 is typed",
        arguments: [
            "INVALID_PHONE_NUMBER", "MISSING_PHONE_NUMBER", "QUOTA_EXCEEDED", "TOO_MANY_ATTEMPTS_TRY_LATER",
            "RESET_PASSWORD_EXCEED_LIMIT", "CAPTCHA_CHECK_FAILED", "MISSING_APP_CREDENTIAL", "INVALID_APP_CREDENTIAL",
            "APP_NOT_VERIFIED", "MISSING_CLIENT_IDENTIFIER", "MISSING_IOS_APP_TOKEN", "MISSING_RECAPTCHA_TOKEN",
            "INVALID_RECAPTCHA_TOKEN", "RECAPTCHA_NOT_ENABLED", "INVALID_RECAPTCHA_ACTION", "MISSING_CLIENT_TYPE",
            "MISSING_RECAPTCHA_VERSION", "INVALID_RECAPTCHA_VERSION", "INVALID_REQ_TYPE", "INVALID_CODE",
            "MISSING_CODE",
            "INVALID_SESSION_INFO", "MISSING_SESSION_INFO", "SESSION_EXPIRED", "INVALID_IDP_RESPONSE",
            "INVALID_PENDING_TOKEN", "INVALID_LOGIN_CREDENTIALS", "INVALID_TEMPORARY_PROOF", "MISSING_OR_INVALID_NONCE",
            "OPERATION_NOT_ALLOWED", "PASSWORD_LOGIN_DISABLED", "INVALID_PROVIDER_ID", "INVALID_OAUTH_CLIENT_ID",
            "FEDERATED_USER_ID_ALREADY_LINKED", "EMAIL_EXISTS", "USER_DISABLED", "USER_NOT_FOUND", "EMAIL_NOT_FOUND",
            "INVALID_ID_TOKEN", "TOKEN_EXPIRED", "CREDENTIAL_TOO_OLD_LOGIN_AGAIN", "INVALID_EMAIL",
            "INVALID_IDENTIFIER",
            "MISSING_EMAIL", "INVALID_OOB_CODE", "EXPIRED_OOB_CODE", "MISSING_OOB_CODE", "MISSING_CONTINUE_URI",
            "INVALID_CONTINUE_URI", "UNAUTHORIZED_DOMAIN", "INVALID_HOSTING_LINK_DOMAIN", "DYNAMIC_LINK_NOT_ACTIVATED",
            "INVALID_DYNAMIC_LINK_DOMAIN", "MISSING_IOS_BUNDLE_ID", "MISSING_ANDROID_PACKAGE_NAME",
            "INVALID_MESSAGE_PAYLOAD",
            "INVALID_SENDER", "INVALID_RECIPIENT_EMAIL", "TENANT_ID_MISMATCH", "INVALID_TENANT_ID",
            "UNSUPPORTED_TENANT_OPERATION", "SECOND_FACTOR_EXISTS", "SECOND_FACTOR_LIMIT_EXCEEDED",
            "UNSUPPORTED_FIRST_FACTOR", "UNVERIFIED_EMAIL", "INVALID_MFA_PENDING_CREDENTIAL",
            "MISSING_MFA_PENDING_CREDENTIAL",
            "MFA_ENROLLMENT_NOT_FOUND", "MISSING_MFA_ENROLLMENT_ID", "EMAIL_CHANGE_NEEDS_VERIFICATION",
            "ADMIN_ONLY_OPERATION",
            "BLOCKING_FUNCTION_ERROR_RESPONSE", "MISSING_API_KEY", "INSUFFICIENT_PERMISSION", "MISSING_REQUEST_URI",
            "INVALID_REQUEST_URI", "INVALID_CREDENTIAL_OR_PROVIDER_ID", "PASSWORD_DOES_NOT_MEET_REQUIREMENTS",
            "WEAK_PASSWORD", "CAPTCHA_REQUIRED",
        ])
    func referenceCodeIsTyped(raw: String) {
        #expect(ServerErrorCode(rawValue: raw) != nil)
    }

    @Test("A code without detail gives the guidance alone; INVALID_CODE reads as the brief asks")
    func codeWithoutDetail() async throws {
        let error = try #require(try await refusal(errorEnvelope("INVALID_CODE")))

        #expect(error.code == .invalidCode)
        #expect(error.detail == nil)
        #expect(error.message == "That SMS code is wrong. Check the latest message and try again.")
        #expect(error.category == .wrongInput)
    }

    @Test("INVALID_PHONE_NUMBER : TOO_SHORT keeps the detail in the message")
    func phoneDetail() async throws {
        let error = try #require(try await refusal(errorEnvelope("INVALID_PHONE_NUMBER : TOO_SHORT")))

        #expect(error.code == .invalidPhoneNumber)
        #expect(error.detail == "TOO_SHORT")
        #expect(error.message.contains("+15551234567"))
        #expect(error.message.hasSuffix("The server said: TOO_SHORT."))
    }

    @Test("EMAIL_NOT_FOUND: fake custom message — the colon without a leading space also splits")
    func colonWithoutSpace() async throws {
        let error = try #require(try await refusal(errorEnvelope("EMAIL_NOT_FOUND: fake custom message")))

        #expect(error.code == .emailNotFound)
        #expect(error.rawCode == "EMAIL_NOT_FOUND")
        #expect(error.detail == "fake custom message")
        #expect(error.message.contains("fake custom message"))
        #expect(error.category == .notFound)
    }

    @Test("USER_DISABLED and PASSWORD_DOES_NOT_MEET_REQUIREMENTS keep their details")
    func detailsKept() async throws {
        let disabled = try #require(try await refusal(errorEnvelope("USER_DISABLED : The user has been disabled.")))
        let policy = try #require(
            try await refusal(
                errorEnvelope("PASSWORD_DOES_NOT_MEET_REQUIREMENTS : Password does not meet requirements")))

        #expect(disabled.code == .userDisabled)
        #expect(disabled.message.hasSuffix("The server said: The user has been disabled."))
        #expect(disabled.code?.invalidatesSession == true)
        #expect(policy.detail == "Password does not meet requirements")
        #expect(policy.message.contains("Password does not meet requirements"))
    }

    @Test("BLOCKING_FUNCTION_ERROR_RESPONSE without JSON: the detail is the message")
    func blockingPlain() async throws {
        let error = try #require(try await refusal(errorEnvelope("BLOCKING_FUNCTION_ERROR_RESPONSE : Text text text")))

        #expect(error.code == .blockingFunctionErrorResponse)
        #expect(error.message == "Text text text")
        #expect(error.blockingFunctionMessage == nil)
    }

    @Test("BLOCKING_FUNCTION_ERROR_RESPONSE with JSON: the function's error.message is the message")
    func blockingJSON() async throws {
        let raw =
            #"BLOCKING_FUNCTION_ERROR_RESPONSE : ((HTTP request to http://127.0.0.1:9999/beforeSignIn returned HTTP error 400: {"error":{"details":{"uid":"u1"},"message":"invalid email","status":"INVALID_ARGUMENT"}}))"#
        let error = try #require(try await refusal(errorEnvelope(raw)))

        #expect(error.code == .blockingFunctionErrorResponse)
        #expect(error.message == "invalid email")
        #expect(error.detail?.hasPrefix("((HTTP request") == true)
        #expect(error.rawMessage == raw)
        #expect(error.category == .rejected)
    }

    @Test("Emulator detail strings flow into the message")
    func emulatorDetail() async throws {
        let error = try #require(
            try await refusal(
                errorEnvelope("INVALID_EMAIL : The email provided does not match the sign-in email address.")))

        #expect(error.code == .invalidEmail)
        #expect(error.message.hasPrefix(ServerErrorCode.invalidEmail.userMessage))
        #expect(
            error.message.hasSuffix("The server said: The email provided does not match the sign-in email address."))
    }

    @Test("Unknown code: errors[].reason ipRefererBlocked means not authorized, keyInvalid an invalid key")
    func reasons() async throws {
        let blocked = try #require(
            try await refusal(
                json(
                    #"{"error":{"code":403,"message":"See the reason","errors":[{"reason":"ipRefererBlocked"}]}}"#,
                    status: 403)))
        let invalid = try #require(
            try await refusal(
                json(
                    #"{"error":{"code":400,"message":"See the reason","errors":[{"reason":"keyInvalid"}]}}"#,
                    status: 400)))
        let modern = try #require(
            try await refusal(
                json(
                    #"{"error":{"code":400,"message":"API key not valid. Please pass a valid API key.","errors":[{"reason":"badRequest"}],"status":"INVALID_ARGUMENT","details":[{"@type":"type.googleapis.com/google.rpc.ErrorInfo","reason":"API_KEY_INVALID"}]}}"#,
                    status: 400)))

        #expect(blocked.code == .appNotAuthorized)
        #expect(blocked.rawCode == nil)
        #expect(blocked.detail == "See the reason")
        #expect(blocked.reasons == ["ipRefererBlocked"])
        #expect(blocked.category == .configuration)
        #expect(invalid.code == .invalidAPIKey)
        #expect(invalid.message.contains("API key"))
        #expect(modern.code == .invalidAPIKey)
        #expect(modern.reasons == ["badRequest", "API_KEY_INVALID"])
        #expect(modern.status == "INVALID_ARGUMENT")
    }

    @Test("Emulator 403 without a key is missingAPIKey; 501 NOT_IMPLEMENTED is notImplemented")
    func emulatorFixedReplies() async throws {
        let noKey = try #require(
            try await refusal(
                json(
                    #"{"error":{"code":403,"message":"The request is missing a valid API key.","status":"PERMISSION_DENIED"}}"#,
                    status: 403)))
        let unsupported = try #require(
            try await refusal(
                json(
                    #"{"error":{"code":501,"message":"Sign-in with IDP is not yet supported.","status":"NOT_IMPLEMENTED"}}"#,
                    status: 501)))

        #expect(noKey.code == .missingAPIKey)
        #expect(noKey.httpStatus == 403)
        #expect(noKey.status == "PERMISSION_DENIED")
        #expect(noKey.category == .configuration)
        #expect(unsupported.code == .notImplemented)
        #expect(unsupported.httpStatus == 501)
        #expect(unsupported.detail == "Sign-in with IDP is not yet supported.")
        #expect(unsupported.category == .unsupported)
        #expect(unsupported.message.contains("not yet supported"))
    }

    @Test("Codes this client does not know keep the raw code and fall back by status")
    func unknownCodes() async throws {
        let unknown = try #require(try await refusal(errorEnvelope("UNKNOWN_MESSAGE")))
        let unavailable = try #require(
            try await refusal(
                json(
                    #"{"error":{"code":503,"message":"The service is currently unavailable.","status":"UNAVAILABLE"}}"#,
                    status: 503)))

        #expect(unknown.code == nil)
        #expect(unknown.rawCode == "UNKNOWN_MESSAGE")
        #expect(unknown.category == .unknown)
        #expect(unknown.message.contains("UNKNOWN_MESSAGE"))
        #expect(unavailable.code == nil)
        #expect(unavailable.category == .serverUnavailable)
        #expect(IdentityToolkitError.server(unavailable).isBackendUnavailable)
        #expect(!IdentityToolkitError.server(unknown).isBackendUnavailable)
    }

    @Test("A 200 with errorMessage is thrown, and the reply's credential fields stay reachable")
    func errorMessageWith200() async throws {
        let server = try RecordingServer { _ in
            json(
                #"{"errorMessage":"FEDERATED_USER_ID_ALREADY_LINKED","idToken":"foo-bar","email":"other@example.com","oauthIdToken":"apple-jwt","oauthAccessToken":"provider-access","pendingToken":"pending-1","providerId":"apple.com"}"#
            )
        }
        defer { server.stop() }
        let client = IdentityToolkitClient(
            configuration: emulatorConfiguration(port: server.port), http: loopbackHTTP())

        let error = await expectFailure {
            try await client.send(
                SignInWithIdpRequest(requestUri: "http://localhost", postBody: "providerId=apple.com&id_token=xyz"))
        }

        guard case .server(let refusal)? = error else {
            Issue.record("got \(String(describing: error))")
            return
        }
        #expect(refusal.httpStatus == 200)
        #expect(refusal.code == .federatedUserIDAlreadyLinked)
        #expect(refusal.category == .conflict)
        let idp = try #require(refusal.idpResponse)
        #expect(idp.email == "other@example.com")
        #expect(idp.oauthIdToken == "apple-jwt")
        #expect(idp.oauthAccessToken == "provider-access")
        #expect(idp.pendingToken == "pending-1")
        #expect(idp.idToken == "foo-bar")
        #expect(idp.errorMessage == "FEDERATED_USER_ID_ALREADY_LINKED")
        #expect(error?.description.contains("foo-bar") == false)
        #expect(error?.description.contains("apple-jwt") == false)
    }

    @Test("The emulator's INVALID_IDP_RESPONSE maps to a rejected credential")
    func emulatorIdpResponse() async throws {
        let error = try #require(
            try await refusal(
                errorEnvelope(
                    "INVALID_IDP_RESPONSE : Unable to parse id_token: notajwt ((Auth Emulator only accepts strict JSON or JWTs as fake id_tokens.))"
                )))

        #expect(error.code == .invalidIdpResponse)
        #expect(error.category == .rejected)
        #expect(error.detail?.hasPrefix("Unable to parse id_token") == true)
    }

    @Test("ServerError can be built from a message, parsing it the same way")
    func publicInitializer() {
        let error = ServerError(httpStatus: 400, message: "SESSION_EXPIRED : code expired")

        #expect(error.code == .sessionExpired)
        #expect(error.detail == "code expired")
        #expect(error.category == .expired)
        #expect(error.description.hasSuffix("[SESSION_EXPIRED]"))
    }
}
