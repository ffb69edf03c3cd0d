import AuthflowIdentityToolkit
import AuthflowListener
import AuthflowTestSupport
import Testing

@Suite("Credentials never show up in descriptions or errors")
struct SecretTests {
    /// Every request type, each holding credentials that all contain "SECRET".
    static let requests: [any IdentityToolkitRequest] = [
        SendVerificationCodeRequest(
            phoneNumber: "+15555550100", verification: .classic(.recaptchaV2(token: "SECRET-recaptcha")),
            clientType: .web),
        SendVerificationCodeRequest(
            phoneNumber: "+1",
            verification: .classicWithEnterpriseFallback(
                .iosAppCredential(receipt: "SECRET-receipt", secret: "SECRET-ios"))),
        SendVerificationCodeRequest(
            phoneNumber: "+1", verification: .recaptchaEnterprise(token: "SECRET-enterprise"), clientType: .web),
        SignInWithPhoneNumberRequest(
            credential: .verificationCode(sessionInfo: "SECRET-session", code: "SECRET-code"), idToken: "SECRET-id"),
        SignInWithPhoneNumberRequest(credential: .temporaryProof("SECRET-proof", phoneNumber: "+1")),
        SendOobCodeRequest(
            kind: .verifyAndChangeEmail(idToken: "SECRET-id", newEmail: "n@example.com"),
            recaptchaEnterpriseToken: "SECRET-captcha"),
        SendOobCodeRequest(kind: .verifyEmail(idToken: "SECRET-id")),
        SignInWithEmailLinkRequest(email: "a@example.com", oobCode: "SECRET-oob", idToken: "SECRET-id"),
        SignInWithPasswordRequest(email: "a@example.com", password: "SECRET-password"),
        SignUpRequest(email: "a@example.com", password: "SECRET-password"),
        SignInWithIdpRequest(
            requestUri: "http://h/cb?code=SECRET-code",
            postBody: IdpPostBody.apple(idToken: "SECRET-jwt", rawNonce: "SECRET-nonce"),
            sessionId: "SECRET-session", idToken: "SECRET-id", pendingToken: "SECRET-pending"),
        CreateAuthUriRequest(identifier: "a@example.com"),
        LookupRequest(idToken: "SECRET-id"),
        UpdateAccountRequest(idToken: "SECRET-id", password: "SECRET-password", oobCode: "SECRET-oob"),
        DeleteAccountRequest(idToken: "SECRET-id"),
        RevokeTokenRequest(
            providerId: "apple.com", tokenType: .authorizationCode, token: "SECRET-code", idToken: "SECRET-id"),
        StartMFAEnrollmentRequest(
            idToken: "SECRET-id", phoneNumber: "+1", verification: .classic(.recaptchaV2(token: "SECRET-recaptcha"))),
        FinalizeMFAEnrollmentRequest(idToken: "SECRET-id", sessionInfo: "SECRET-session", code: "SECRET-code"),
        WithdrawMFARequest(idToken: "SECRET-id", mfaEnrollmentId: "e1"),
        StartMFASignInRequest(
            mfaPendingCredential: "SECRET-pending", mfaEnrollmentId: "e1",
            verification: .recaptchaEnterprise(token: "SECRET-token"), clientType: .ios),
        FinalizeMFASignInRequest(
            mfaPendingCredential: "SECRET-pending", sessionInfo: "SECRET-session", code: "SECRET-code"),
        SecureTokenRequest(refreshToken: "SECRET-refresh"),
        GetProjectConfigRequest(iosBundleID: "com.example"), GetRecaptchaParamsRequest(),
        GetRecaptchaConfigRequest(clientType: .web),
    ]

    @Test("Request descriptions name the fields but hide every credential")
    func requestDescriptions() {
        for request in Self.requests {
            let text = "\(request)"
            #expect(!text.contains("SECRET"), "\(text)")
            #expect(String(reflecting: request) == text)
        }
        let password = "\(SignInWithPasswordRequest(email: "a@example.com", password: "SECRET-password"))"
        #expect(
            password
                == #"SignInWithPasswordRequest(email: "a@example.com", password: <redacted>, returnSecureToken: true)"#)
        #expect("\(SendOobCodeRequest(kind: .passwordReset(email: "a@example.com")))".contains("passwordReset"))
    }

    @Test("Token-bearing replies hide their tokens when printed")
    func responseDescriptions() async throws {
        let signIn = try await exchange(
            SignInWithIdpRequest(requestUri: "http://localhost"),
            reply: json(
                #"{"idToken":"SECRET-id","refreshToken":"SECRET-refresh","oauthIdToken":"SECRET-oauth","oauthAccessToken":"SECRET-access","pendingToken":"SECRET-pending","email":"e@example.com","localId":"uid-1"}"#
            )
        )
        let refresh = try await exchange(
            SecureTokenRequest(refreshToken: "r"),
            reply: json(#"{"id_token":"SECRET-id","refresh_token":"SECRET-refresh","user_id":"uid-1"}"#))

        for text in ["\(signIn.response)", "\(signIn.response.outcome)", "\(refresh.response)"] {
            #expect(!text.contains("SECRET"), "\(text)")
            #expect(text.contains("uid-1"), "\(text)")
        }
        #expect("\(signIn.response)".contains("e@example.com"))
    }

    @Test("Outcomes and conflicts describe their case but hide pending credentials, tokens and proofs")
    func outcomeDescriptions() {
        let tokens = SignInTokens(
            idToken: "SECRET-id", refreshToken: "SECRET-refresh", expiresIn: "3600", localId: "uid-1")
        let outcomes: [(SignInOutcome, String)] = [
            (
                .signedIn(tokens),
                #"signedIn(SignInTokens(idToken: <redacted>, refreshToken: <redacted>, expiresIn: "3600", localId: "uid-1"))"#
            ),
            (
                .secondFactorRequired(pendingCredential: "SECRET-pending", hints: []),
                "secondFactorRequired(pendingCredential: <redacted>, hints: [])"
            ),
            (
                .secondFactorRequired(pendingCredential: nil, hints: []),
                "secondFactorRequired(pendingCredential: nil, hints: [])"
            ),
            (
                .conflict(.phoneNumberInUse(phoneNumber: "+15555550100", temporaryProof: "SECRET-proof")),
                #"conflict(phoneNumberInUse(phoneNumber: "+15555550100", temporaryProof: <redacted>))"#
            ),
            (
                .conflict(.needsConfirmation(email: "a@example.com")),
                #"conflict(needsConfirmation(email: "a@example.com"))"#
            ),
            (.malformed, "malformed"),
        ]
        for (outcome, expected) in outcomes {
            #expect("\(outcome)" == expected)
            #expect(String(reflecting: outcome) == expected)
        }
    }

    @Test("A server that echoes a credential has it scrubbed from the error's raw fields and description")
    func echoedCredential() async throws {
        let jwt = "eyJhbGciOiJub25lIn0.eyJzdWIiOiJTRUNSRVQifQ.SECRETsig"
        let server = try RecordingServer { request in
            errorEnvelope(
                "INVALID_IDP_RESPONSE : Unable to parse id_token: \(jwt) ((Auth Emulator only accepts strict JSON or JWTs as fake id_tokens.))"
            )
        }
        defer { server.stop() }
        let client = IdentityToolkitClient(
            configuration: emulatorConfiguration(port: server.port), http: loopbackHTTP())

        let error = await expectFailure {
            try await client.send(
                SignInWithIdpRequest(
                    requestUri: "http://localhost", postBody: IdpPostBody.apple(idToken: jwt, rawNonce: "n0nce-value")))
        }

        let refusal = try #require(error?.serverError)
        #expect(refusal.code == .invalidIdpResponse)
        for text in [refusal.rawMessage, refusal.detail ?? "", refusal.message, "\(refusal)", error?.description ?? ""]
        {
            #expect(!text.contains("SECRET") && !text.contains(jwt), "\(text)")
        }
        #expect(refusal.rawMessage.contains("Unable to parse id_token: <redacted>"))
        #expect(server.requests.first?.text.contains(jwt) == true)
    }

    @Test("The secure-token endpoint quoting the refresh token back in its error has it scrubbed")
    func echoedRefreshToken() async throws {
        let refreshToken = "AMf-vBSECRETrefreshTokenValue0123456789"
        let server = try RecordingServer { _ in
            errorEnvelope("INVALID_REFRESH_TOKEN : refresh token \(refreshToken) is not valid", status: 400)
        }
        defer { server.stop() }
        let client = IdentityToolkitClient(
            configuration: emulatorConfiguration(port: server.port), http: loopbackHTTP())

        let error = await expectFailure { try await client.send(SecureTokenRequest(refreshToken: refreshToken)) }

        let refusal = try #require(error?.serverError)
        for text in [refusal.rawMessage, refusal.detail ?? "", refusal.message, "\(refusal)", error?.description ?? ""]
        {
            #expect(!text.contains(refreshToken), "\(text)")
        }
        #expect(refusal.rawMessage.contains("refresh token <redacted>"), "\(refusal.rawMessage)")
        #expect(server.requests.first?.text.contains(refreshToken) == true, "the request itself did carry it")
    }

    @Test("Malformed and unavailable errors never quote credentials from the request or reply")
    func otherErrors() async throws {
        let script = ReplyScript([
            .text("echo SECRET-password-value", status: 200),
            json(#"{"idToken":"SECRET-from-reply"}"#, status: 418),
            .html("<p>SECRET-password-value</p>", status: 503),
        ])
        let server = try RecordingServer { _ in script.next() }
        defer { server.stop() }
        let client = IdentityToolkitClient(
            configuration: emulatorConfiguration(port: server.port), http: loopbackHTTP())

        for _ in 0..<3 {
            let error = await expectFailure {
                try await client.send(
                    SignInWithPasswordRequest(email: "a@example.com", password: "SECRET-password-value"))
            }
            #expect(error != nil)
            #expect(error?.description.contains("SECRET") == false, "\(String(describing: error))")
            #expect("\(String(describing: error))".contains("SECRET") == false)
        }
    }
}
