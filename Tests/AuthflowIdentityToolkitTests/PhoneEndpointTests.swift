import AuthflowIdentityToolkit
import AuthflowListener
import AuthflowTestSupport
import Testing

@Suite("Phone endpoints: sendVerificationCode and signInWithPhoneNumber")
struct PhoneEndpointTests {
    static let sessionReply = json(#"{"sessionInfo":"verificationID"}"#)

    @Test(
        "Every §3.4 body shape is sent exactly",
        arguments: [
            (
                "iOS test mode / emulator", AppVerification.none, RecaptchaClientType.ios,
                ["phoneNumber": "+15105550000", "clientType": "CLIENT_TYPE_IOS"] as JSON
            ),
            (
                "iOS OFF with APNs", .classic(.iosAppCredential(receipt: "receipt-1", secret: "secret-1")), .ios,
                [
                    "phoneNumber": "+15105550000", "iosReceipt": "receipt-1", "iosSecret": "secret-1",
                    "clientType": "CLIENT_TYPE_IOS",
                ] as JSON
            ),
            (
                "iOS OFF via verifyApp", .classic(.recaptchaV2(token: "v2-token")), .ios,
                ["phoneNumber": "+15105550000", "recaptchaToken": "v2-token", "clientType": "CLIENT_TYPE_IOS"] as JSON
            ),
            (
                "iOS AUDIT/ENFORCE", .recaptchaEnterprise(token: AppVerification.noRecaptchaToken), .ios,
                [
                    "phoneNumber": "+15105550000", "captchaResponse": "NO_RECAPTCHA",
                    "recaptchaVersion": "RECAPTCHA_ENTERPRISE", "clientType": "CLIENT_TYPE_IOS",
                ] as JSON
            ),
            (
                "iOS AUDIT fallback", .classicWithEnterpriseFallback(.iosAppCredential(receipt: "r", secret: "s")),
                .ios,
                [
                    "phoneNumber": "+15105550000", "iosReceipt": "r", "iosSecret": "s",
                    "captchaResponse": "NO_RECAPTCHA", "recaptchaVersion": "RECAPTCHA_ENTERPRISE",
                    "clientType": "CLIENT_TYPE_IOS",
                ] as JSON
            ),
            (
                "web, Enterprise off", .classicWithEnterpriseFallback(.recaptchaV2(token: "v2-token")), .web,
                [
                    "recaptchaToken": "v2-token", "phoneNumber": "+15105550000", "captchaResponse": "NO_RECAPTCHA",
                    "clientType": "CLIENT_TYPE_WEB", "recaptchaVersion": "RECAPTCHA_ENTERPRISE",
                ] as JSON
            ),
            (
                "web ENFORCE/AUDIT", .recaptchaEnterprise(token: "enterprise-token"), .web,
                [
                    "phoneNumber": "+15105550000", "captchaResponse": "enterprise-token",
                    "clientType": "CLIENT_TYPE_WEB", "recaptchaVersion": "RECAPTCHA_ENTERPRISE",
                ] as JSON
            ),
        ] as [(String, AppVerification, RecaptchaClientType, JSON)])
    func sendVerificationCodeBodies(
        name: String, verification: AppVerification, clientType: RecaptchaClientType, expected: JSON
    ) async throws {
        let exchange = try await exchange(
            SendVerificationCodeRequest(
                phoneNumber: "+15105550000", verification: verification, clientType: clientType),
            reply: Self.sessionReply
        )

        expectTarget(
            exchange.request, "POST", "/identitytoolkit.googleapis.com/v1/accounts:sendVerificationCode?key=test-key")
        expectHeaders(exchange.request, contentType: "application/json")
        #expect(exchange.body == expected, "\(name)")
        #expect(exchange.response.sessionInfo == "verificationID")
    }

    @Test("Desktop peers' body (no client type) and the configured tenant")
    func desktopBodyWithTenant() async throws {
        let exchange = try await exchange(
            SendVerificationCodeRequest(
                phoneNumber: "+15555550100", verification: .classic(.recaptchaV2(token: "tok"))),
            reply: Self.sessionReply, tenantID: "tenant-1"
        )

        #expect(exchange.body == ["phoneNumber": "+15555550100", "recaptchaToken": "tok", "tenantId": "tenant-1"])
    }

    @Test("A request's own tenant wins over the configured one")
    func ownTenantWins() async throws {
        let exchange = try await exchange(
            SendVerificationCodeRequest(phoneNumber: "+15555550100", verification: .none, tenantID: "mine"),
            reply: Self.sessionReply, tenantID: "configured"
        )

        #expect(exchange.body == ["phoneNumber": "+15555550100", "tenantId": "mine"])
    }

    @Test("Enterprise fields without a client type, or an empty number, are refused before sending")
    func invalidVerificationMix() async throws {
        let server = try RecordingServer { _ in Self.sessionReply }
        defer { server.stop() }
        let client = IdentityToolkitClient(
            configuration: emulatorConfiguration(port: server.port), http: loopbackHTTP())

        let enterprise = await expectFailure {
            try await client.send(
                SendVerificationCodeRequest(phoneNumber: "+1555", verification: .recaptchaEnterprise(token: "t")))
        }
        let empty = await expectFailure {
            try await client.send(SendVerificationCodeRequest(phoneNumber: "", verification: .none))
        }

        guard case .invalidRequest(let reason)? = enterprise else {
            Issue.record("got \(String(describing: enterprise))")
            return
        }
        #expect(reason == .missingRecaptchaClientType)
        guard case .invalidRequest? = empty else {
            Issue.record("got \(String(describing: empty))")
            return
        }
        #expect(server.requests.isEmpty)
    }

    @Test("A reply without sessionInfo is malformed, naming the field but not echoing values")
    func missingSessionInfo() async throws {
        let server = try RecordingServer { _ in json(#"{"kind":"x","idToken":"SECRET-TOKEN-VALUE-123"}"#) }
        defer { server.stop() }
        let client = IdentityToolkitClient(
            configuration: emulatorConfiguration(port: server.port), http: loopbackHTTP())

        let error = await expectFailure {
            try await client.send(SendVerificationCodeRequest(phoneNumber: "+15555550100", verification: .none))
        }

        guard case .malformedResponse(let malformed)? = error else {
            Issue.record("got \(String(describing: error))")
            return
        }
        #expect(malformed.status == 200)
        #expect(malformed.problem == .missing(field: "sessionInfo"))
        #expect(malformed.excerpt == "{idToken, kind}")
        #expect(error?.description.contains("SECRET-TOKEN-VALUE-123") == false)
    }

    @Test(
        "signInWithPhoneNumber: sign-in, link and reauth bodies from the web vectors",
        arguments: [
            (nil, nil, ["sessionInfo": "session-info", "code": "6789"] as JSON),
            ("id-token", nil, ["sessionInfo": "session-info", "code": "6789", "idToken": "id-token"] as JSON),
            (
                nil, SignInWithPhoneNumberRequest.Operation.reauthenticate,
                ["sessionInfo": "session-info", "code": "6789", "operation": "REAUTH"] as JSON
            ),
        ] as [(String?, SignInWithPhoneNumberRequest.Operation?, JSON)])
    func phoneSignInBodies(
        idToken: String?, operation: SignInWithPhoneNumberRequest.Operation?, expected: JSON
    ) async throws {
        let exchange = try await exchange(
            SignInWithPhoneNumberRequest(
                credential: .verificationCode(sessionInfo: "session-info", code: "6789"), idToken: idToken,
                operation: operation
            ),
            reply: json(
                #"{"idToken":"id-1","refreshToken":"refresh-1","expiresIn":"3600","localId":"uid-1","phoneNumber":"+15555550100","isNewUser":true}"#
            )
        )

        expectTarget(
            exchange.request, "POST", "/identitytoolkit.googleapis.com/v1/accounts:signInWithPhoneNumber?key=test-key")
        expectHeaders(exchange.request, contentType: "application/json")
        #expect(exchange.body == expected)
        #expect(
            exchange.response.outcome
                == .signedIn(
                    SignInTokens(idToken: "id-1", refreshToken: "refresh-1", expiresIn: "3600", localId: "uid-1")))
        #expect(exchange.response.phoneNumber == "+15555550100")
        #expect(exchange.response.isNewUser == true)
    }

    @Test("signInWithPhoneNumber with a temporary proof, and every operation value")
    func temporaryProofAndOperations() async throws {
        let exchange = try await exchange(
            SignInWithPhoneNumberRequest(
                credential: .temporaryProof("proof-1", phoneNumber: "+15555550100"), operation: .link),
            reply: json(#"{"idToken":"i","refreshToken":"r"}"#), tenantID: "t1"
        )

        #expect(
            exchange.body == [
                "temporaryProof": "proof-1", "phoneNumber": "+15555550100", "operation": "LINK", "tenantId": "t1",
            ])
        #expect(SignInWithPhoneNumberRequest.Operation.signUpOrIn.rawValue == "SIGN_UP_OR_IN")
        #expect(SignInWithPhoneNumberRequest.Operation.update.rawValue == "UPDATE")
        #expect(SignInWithPhoneNumberRequest.Operation.unspecified.rawValue == "VERIFY_OP_UNSPECIFIED")
    }

    @Test("A 200 with temporaryProof and phoneNumber but no tokens means the number is in use")
    func phoneNumberInUse() async throws {
        let exchange = try await exchange(
            SignInWithPhoneNumberRequest(
                credential: .verificationCode(sessionInfo: "s", code: "1"), idToken: "link-token"),
            reply: json(#"{"temporaryProof":"proof-9","phoneNumber":"+15555550100"}"#)
        )

        #expect(
            exchange.response.outcome
                == .conflict(.phoneNumberInUse(phoneNumber: "+15555550100", temporaryProof: "proof-9")))
        #expect(exchange.response.temporaryProof == "proof-9")
    }

    @Test("An empty verification ID or code is refused before sending")
    func emptyCode() async throws {
        let server = try RecordingServer { _ in json("{}") }
        defer { server.stop() }
        let client = IdentityToolkitClient(
            configuration: emulatorConfiguration(port: server.port), http: loopbackHTTP())

        for credential in [
            SignInWithPhoneNumberRequest.Credential.verificationCode(sessionInfo: "", code: "123456"),
            .verificationCode(sessionInfo: "s", code: ""), .temporaryProof("", phoneNumber: "+1"),
        ] {
            let error = await expectFailure {
                try await client.send(SignInWithPhoneNumberRequest(credential: credential))
            }
            guard case .invalidRequest? = error else {
                Issue.record("\(credential): got \(String(describing: error))")
                continue
            }
        }
        #expect(server.requests.isEmpty)
    }
}
