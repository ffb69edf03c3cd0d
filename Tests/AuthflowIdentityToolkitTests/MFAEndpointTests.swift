import AuthflowIdentityToolkit
import AuthflowListener
import AuthflowTestSupport
import Foundation
import Testing

@Suite("Multi-factor endpoints (v2, phone)")
struct MFAEndpointTests {
    static let tokens = json(#"{"idToken":"final-id-token","refreshToken":"final-refresh-token"}"#)

    @Test("mfaSignIn:start: the web vector with the Enterprise fallback fields")
    func startSignInWeb() async throws {
        let exchange = try await exchange(
            StartMFASignInRequest(
                mfaPendingCredential: "mfa-pending-credential", mfaEnrollmentId: "mfa-enrollment-id",
                verification: .classicWithEnterpriseFallback(.recaptchaV2(token: "v2-token")), clientType: .web
            ),
            reply: json(#"{"phoneResponseInfo":{"sessionInfo":"fake-session-info"}}"#)
        )

        expectTarget(
            exchange.request, "POST", "/identitytoolkit.googleapis.com/v2/accounts/mfaSignIn:start?key=test-key")
        expectHeaders(exchange.request, contentType: "application/json")
        #expect(
            exchange.body == [
                "mfaPendingCredential": "mfa-pending-credential", "mfaEnrollmentId": "mfa-enrollment-id",
                "phoneSignInInfo": [
                    "recaptchaToken": "v2-token", "captchaResponse": "NO_RECAPTCHA", "clientType": "CLIENT_TYPE_WEB",
                    "recaptchaVersion": "RECAPTCHA_ENTERPRISE",
                ],
            ])
        #expect(exchange.response.sessionInfo == "fake-session-info")
    }

    @Test("mfaSignIn:start in iOS test mode sends only the masked number; with nothing to say, no phoneSignInInfo")
    func startSignInTestMode() async throws {
        let reply = json(#"{"phoneResponseInfo":{"sessionInfo":"s"}}"#)
        let ios = try await exchange(
            StartMFASignInRequest(
                mfaPendingCredential: "p", mfaEnrollmentId: "enrollment-id", phoneNumber: "+1******4444",
                verification: .none),
            reply: reply
        )
        let bare = try await exchange(
            StartMFASignInRequest(mfaPendingCredential: "p", mfaEnrollmentId: "enrollment-id", verification: .none),
            reply: reply, tenantID: "t"
        )

        #expect(
            ios.body == [
                "mfaPendingCredential": "p", "mfaEnrollmentId": "enrollment-id",
                "phoneSignInInfo": ["phoneNumber": "+1******4444"],
            ])
        #expect(bare.body == ["mfaPendingCredential": "p", "mfaEnrollmentId": "enrollment-id", "tenantId": "t"])
    }

    @Test("mfaSignIn:finalize: the web vector with tenant; the reply signs in")
    func finalizeSignIn() async throws {
        let exchange = try await exchange(
            FinalizeMFASignInRequest(
                mfaPendingCredential: "mfa-pending-credential", sessionInfo: "verification-id",
                code: "verification-code"),
            reply: Self.tokens, tenantID: "tenant-x"
        )

        expectTarget(
            exchange.request, "POST", "/identitytoolkit.googleapis.com/v2/accounts/mfaSignIn:finalize?key=test-key")
        expectHeaders(exchange.request, contentType: "application/json")
        #expect(
            exchange.body == [
                "tenantId": "tenant-x", "mfaPendingCredential": "mfa-pending-credential",
                "phoneVerificationInfo": ["sessionInfo": "verification-id", "code": "verification-code"],
            ])
        #expect(
            exchange.response.outcome
                == .signedIn(
                    SignInTokens(
                        idToken: "final-id-token", refreshToken: "final-refresh-token", expiresIn: nil, localId: nil)))
    }

    @Test("mfaEnrollment:start sends phoneEnrollmentInfo and reads phoneSessionInfo")
    func startEnrollment() async throws {
        let exchange = try await exchange(
            StartMFAEnrollmentRequest(
                idToken: "id", phoneNumber: "+15555550199", verification: .classic(.recaptchaV2(token: "tok"))),
            reply: json(#"{"phoneSessionInfo":{"sessionInfo":"enroll-session"}}"#)
        )

        expectTarget(
            exchange.request, "POST", "/identitytoolkit.googleapis.com/v2/accounts/mfaEnrollment:start?key=test-key")
        expectHeaders(exchange.request, contentType: "application/json")
        #expect(
            exchange.body == [
                "idToken": "id", "phoneEnrollmentInfo": ["phoneNumber": "+15555550199", "recaptchaToken": "tok"],
            ])
        #expect(exchange.response.sessionInfo == "enroll-session")
    }

    @Test("mfaEnrollment:finalize sends displayName and phoneVerificationInfo")
    func finalizeEnrollment() async throws {
        let exchange = try await exchange(
            FinalizeMFAEnrollmentRequest(
                idToken: "id", sessionInfo: "enroll-session", code: "123456", displayName: "work phone"),
            reply: Self.tokens
        )

        expectTarget(
            exchange.request, "POST", "/identitytoolkit.googleapis.com/v2/accounts/mfaEnrollment:finalize?key=test-key")
        expectHeaders(exchange.request, contentType: "application/json")
        #expect(
            exchange.body == [
                "idToken": "id", "displayName": "work phone",
                "phoneVerificationInfo": ["sessionInfo": "enroll-session", "code": "123456"],
            ])
        #expect(exchange.response.idToken == "final-id-token")
        #expect(exchange.response.refreshToken == "final-refresh-token")
    }

    @Test("mfaEnrollment:withdraw sends the enrollment ID; tokens may be absent")
    func withdraw() async throws {
        let withTokens = try await exchange(
            WithdrawMFARequest(idToken: "id", mfaEnrollmentId: "e1"), reply: Self.tokens)
        let without = try await exchange(WithdrawMFARequest(idToken: "id", mfaEnrollmentId: "e1"), reply: json("{}"))

        expectTarget(
            withTokens.request, "POST",
            "/identitytoolkit.googleapis.com/v2/accounts/mfaEnrollment:withdraw?key=test-key")
        expectHeaders(withTokens.request, contentType: "application/json")
        #expect(withTokens.body == ["idToken": "id", "mfaEnrollmentId": "e1"])
        #expect(withTokens.response.idToken == "final-id-token")
        #expect(without.response.idToken == nil)
    }

    @Test("A start reply without the nested sessionInfo is malformed")
    func missingNestedSession() async throws {
        let server = try RecordingServer { _ in json(#"{"phoneResponseInfo":{}}"#) }
        defer { server.stop() }
        let client = IdentityToolkitClient(
            configuration: emulatorConfiguration(port: server.port), http: loopbackHTTP())

        let error = await expectFailure {
            try await client.send(
                StartMFASignInRequest(mfaPendingCredential: "p", mfaEnrollmentId: "e", verification: .none))
        }

        guard case .malformedResponse(let malformed)? = error else {
            Issue.record("got \(String(describing: error))")
            return
        }
        #expect(malformed.problem == .missing(field: "phoneResponseInfo.sessionInfo"))
    }
}

@Suite("Second-factor detection and hints (§6.1, §12.5)")
struct MFADetectionTests {
    @Test("The web fixture: mfaPendingCredential with one phone hint whose enrolledAt is epoch milliseconds")
    func webFixture() async throws {
        let exchange = try await exchange(
            SignInWithPasswordRequest(email: "a@example.com", password: "p"),
            reply: json(
                #"{"localId":"local-id","mfaPendingCredential":"mfa-pending-credential","mfaInfo":[{"mfaEnrollmentId":"mfa-enrollment-id","enrolledAt":1672531200000,"phoneInfo":"+*******1234","displayName":""}]}"#
            )
        )

        guard case .secondFactorRequired(let pending, let hints) = exchange.response.outcome else {
            Issue.record("got \(exchange.response.outcome)")
            return
        }
        #expect(pending == "mfa-pending-credential")
        #expect(hints.count == 1)
        #expect(hints[0].mfaEnrollmentId == "mfa-enrollment-id")
        #expect(hints[0].phoneInfo == "+*******1234")
        #expect(hints[0].factor == .phone)
        #expect(hints[0].enrolledAt == "1672531200000")
        #expect(hints[0].enrolledDate == Date(timeIntervalSince1970: 1_672_531_200))
        #expect(exchange.response.localId == "local-id")
    }

    @Test("The iOS signal: no idToken and a non-empty mfaInfo, without a pending credential")
    func iosSignal() async throws {
        let exchange = try await exchange(
            SignInWithEmailLinkRequest(email: "a@example.com", oobCode: "c"),
            reply: json(
                #"{"mfaInfo":[{"mfaEnrollmentId":"enrollment-id","phoneInfo":"+1******4444","displayName":"test phone","enrolledAt":"2023-01-01T00:00:00Z"}]}"#
            )
        )

        #expect(
            exchange.response.outcome
                == .secondFactorRequired(
                    pendingCredential: nil,
                    hints: [
                        MFAEnrollment(
                            mfaEnrollmentId: "enrollment-id", displayName: "test phone", phoneInfo: "+1******4444",
                            enrolledAt: "2023-01-01T00:00:00Z")
                    ]))
        #expect(exchange.response.mfaInfo?.first?.enrolledDate == Date(timeIntervalSince1970: 1_672_531_200))
    }

    @Test("The emulator's reply, a TOTP hint, and tokens with an empty mfaInfo (signed in)")
    func emulatorAndTOTP() async throws {
        let emulator = try await exchange(
            SignInWithPasswordRequest(email: "a@example.com", password: "p"),
            reply: json(
                #"{"mfaPendingCredential":"eyJfQXV0aEVtdWxhdG9yTWZhUGVuZGluZ0NyZWRlbnRpYWwiOiJETyBOT1QgTU9ESUZZIn0=","mfaInfo":[{"displayName":"my phone","enrolledAt":"2024-05-01T10:00:00.123Z","mfaEnrollmentId":"Od9Iabcdefghijklmnopqrstuvwx","phoneInfo":"+*******0199"},{"mfaEnrollmentId":"totp-1","totpInfo":{}}]}"#
            )
        )
        let signedIn = try await exchange(
            SignInWithPasswordRequest(email: "a@example.com", password: "p"),
            reply: json(#"{"idToken":"i","refreshToken":"r","mfaInfo":[]}"#)
        )

        guard case .secondFactorRequired(_, let hints) = emulator.response.outcome else {
            Issue.record("got \(emulator.response.outcome)")
            return
        }
        #expect(hints.map(\.factor) == [.phone, .totp])
        let date = try #require(hints[0].enrolledDate)
        #expect(abs(date.timeIntervalSince1970 - 1_714_557_600.123) < 0.0005)
        #expect(
            signedIn.response.outcome
                == .signedIn(SignInTokens(idToken: "i", refreshToken: "r", expiresIn: nil, localId: nil)))
    }

    @Test("The web signal alone: mfaPendingCredential without hints still requires a second factor, even beside tokens")
    func pendingCredentialAlone() async throws {
        let bare = try await exchange(SignUpRequest(), reply: json(#"{"mfaPendingCredential":"pending-only"}"#))
        let withTokens = try await exchange(
            SignUpRequest(), reply: json(#"{"mfaPendingCredential":"pending-2","idToken":"i","refreshToken":"r"}"#)
        )

        #expect(bare.response.outcome == .secondFactorRequired(pendingCredential: "pending-only", hints: []))
        #expect(withTokens.response.outcome == .secondFactorRequired(pendingCredential: "pending-2", hints: []))
    }

    @Test("Neither tokens nor a challenge is malformed; a hint without an enrollment ID makes the reply malformed")
    func malformedOutcomes() async throws {
        let empty = try await exchange(SignUpRequest(), reply: json(#"{"localId":"u","idToken":"only-id"}"#))
        #expect(empty.response.outcome == .malformed)

        let server = try RecordingServer { _ in json(#"{"mfaPendingCredential":"p","mfaInfo":[{"phoneInfo":"+1"}]}"#) }
        defer { server.stop() }
        let client = IdentityToolkitClient(
            configuration: emulatorConfiguration(port: server.port), http: loopbackHTTP())
        let error = await expectFailure { try await client.send(SignUpRequest()) }
        guard case .malformedResponse(let malformed)? = error else {
            Issue.record("got \(String(describing: error))")
            return
        }
        #expect(malformed.problem == .missing(field: "mfaInfo[0].mfaEnrollmentId"))
    }

    @Test(
        "enrolledAt parses RFC 3339 with 0–9 fractional digits and offsets, or epoch ms; rejects junk",
        arguments: [
            ("2023-01-01T00:00:00Z", 1_672_531_200.0),
            ("2022-08-01T18:31:15.426458Z", 1_659_378_675.426458),
            ("2022-08-01T18:31:15.123456789Z", 1_659_378_675.123456789),
            ("2022-08-01T20:31:15.5+02:00", 1_659_378_675.5),
            ("1659378675426", 1_659_378_675.426),
        ] as [(String, Double)])
    func enrolledAtFormats(raw: String, seconds: Double) throws {
        let date = try #require(MFAEnrollment(mfaEnrollmentId: "e", enrolledAt: raw).enrolledDate)
        #expect(abs(date.timeIntervalSince1970 - seconds) < 0.001)
    }

    @Test(
        "Junk enrolledAt values give no date",
        arguments: ["", "yesterday", "2023-13-01T00:00:00Z", "2023-01-01T00:00:00.Z"])
    func enrolledAtJunk(raw: String) {
        #expect(MFAEnrollment(mfaEnrollmentId: "e", enrolledAt: raw).enrolledDate == nil)
    }
}
