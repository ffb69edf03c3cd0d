import AuthflowIdentityToolkit
import AuthflowListener
import AuthflowTestSupport
import Testing

@Suite("Email endpoints: sendOobCode, signInWithEmailLink, password, sign-up, createAuthUri")
struct EmailEndpointTests {
    static let oobReply = json(#"{"kind":"identitytoolkit#GetOobConfirmationCodeResponse","email":"user@example.com"}"#)

    @Test("sendOobCode EMAIL_SIGNIN: the §5.1 web vector")
    func emailSignInVector() async throws {
        let exchange = try await exchange(
            SendOobCodeRequest(
                kind: .emailSignIn(email: "user@example.com"),
                settings: .emailSignIn(continueUrl: "continue-url"), clientType: .web
            ),
            reply: Self.oobReply
        )

        expectTarget(exchange.request, "POST", "/identitytoolkit.googleapis.com/v1/accounts:sendOobCode?key=test-key")
        expectHeaders(exchange.request, contentType: "application/json")
        #expect(
            exchange.body == [
                "requestType": "EMAIL_SIGNIN", "email": "user@example.com", "canHandleCodeInApp": true,
                "continueUrl": "continue-url", "clientType": "CLIENT_TYPE_WEB",
            ])
        #expect(exchange.response.kind == "identitytoolkit#GetOobConfirmationCodeResponse")
        #expect(exchange.response.email == "user@example.com")
    }

    @Test("sendOobCode with iOS-style settings, Android settings, Enterprise token, target project and tenant")
    func allSettings() async throws {
        let settings = ActionCodeSettings(
            continueUrl: "https://app.example.com/done", canHandleCodeInApp: true, linkDomain: "hosting-link-domain",
            iosBundleID: "my-bundle", androidPackageName: "com.example.android", androidInstallApp: true,
            androidMinimumVersion: "12"
        )
        let exchange = try await exchange(
            SendOobCodeRequest(
                kind: .emailSignIn(email: "a@example.com"), settings: settings, clientType: .web,
                recaptchaEnterpriseToken: "enterprise-token", targetProjectID: "other-project"
            ),
            reply: Self.oobReply, tenantID: "tenant-2"
        )

        #expect(
            exchange.body == [
                "requestType": "EMAIL_SIGNIN", "email": "a@example.com", "continueUrl": "https://app.example.com/done",
                "canHandleCodeInApp": true, "linkDomain": "hosting-link-domain", "iOSBundleId": "my-bundle",
                "androidPackageName": "com.example.android", "androidInstallApp": true, "androidMinimumVersion": "12",
                "clientType": "CLIENT_TYPE_WEB", "captchaResp": "enterprise-token",
                "recaptchaVersion": "RECAPTCHA_ENTERPRISE",
                "targetProjectid": "other-project", "tenantId": "tenant-2",
            ])
    }

    @Test(
        "sendOobCode PASSWORD_RESET, VERIFY_EMAIL and VERIFY_AND_CHANGE_EMAIL carry their own fields",
        arguments: [
            (
                SendOobCodeRequest.Kind.passwordReset(email: "a@example.com"),
                ["requestType": "PASSWORD_RESET", "email": "a@example.com"] as JSON
            ),
            (.verifyEmail(idToken: "id-token"), ["requestType": "VERIFY_EMAIL", "idToken": "id-token"] as JSON),
            (
                .verifyAndChangeEmail(idToken: "id-token", newEmail: "new@example.com"),
                ["requestType": "VERIFY_AND_CHANGE_EMAIL", "idToken": "id-token", "newEmail": "new@example.com"] as JSON
            ),
        ] as [(SendOobCodeRequest.Kind, JSON)])
    func otherKinds(kind: SendOobCodeRequest.Kind, expected: JSON) async throws {
        let exchange = try await exchange(SendOobCodeRequest(kind: kind), reply: Self.oobReply)

        #expect(exchange.body == expected)
    }

    @Test("An email sign-in link without continue URL or canHandleCodeInApp is refused before sending")
    func signInLinkNeedsSettings() async throws {
        let server = try RecordingServer { _ in Self.oobReply }
        defer { server.stop() }
        let client = IdentityToolkitClient(
            configuration: emulatorConfiguration(port: server.port), http: loopbackHTTP())

        let noURL = await expectFailure {
            try await client.send(SendOobCodeRequest(kind: .emailSignIn(email: "a@example.com")))
        }
        let notInApp = await expectFailure {
            try await client.send(
                SendOobCodeRequest(
                    kind: .emailSignIn(email: "a@example.com"),
                    settings: ActionCodeSettings(continueUrl: "https://x.example")
                ))
        }

        guard case .invalidRequest(let first)? = noURL, case .invalidRequest(let second)? = notInApp else {
            Issue.record("got \(String(describing: noURL)), \(String(describing: notInApp))")
            return
        }
        #expect(first == .missingContinueURL)
        #expect(second == .linkNotHandledInApp)
        #expect(server.requests.isEmpty)
    }

    @Test("signInWithEmailLink: sign-in with tenant, and link with idToken; the emulator's reply signs in")
    func emailLink() async throws {
        let reply = json(
            #"{"kind":"identitytoolkit#EmailLinkSigninResponse","email":"a@example.com","localId":"uid-7","isNewUser":true,"idToken":"id-7","refreshToken":"refresh-7","expiresIn":"3600"}"#
        )
        let signIn = try await exchange(
            SignInWithEmailLinkRequest(email: "foo@bar.com", oobCode: "my-code"), reply: reply, tenantID: "t-9")
        let link = try await exchange(
            SignInWithEmailLinkRequest(email: "foo@bar.com", oobCode: "my-code", idToken: "id-token-2"), reply: reply)

        expectTarget(
            signIn.request, "POST", "/identitytoolkit.googleapis.com/v1/accounts:signInWithEmailLink?key=test-key")
        expectHeaders(signIn.request, contentType: "application/json")
        #expect(signIn.body == ["email": "foo@bar.com", "oobCode": "my-code", "tenantId": "t-9"])
        #expect(link.body == ["email": "foo@bar.com", "oobCode": "my-code", "idToken": "id-token-2"])
        #expect(signIn.response.kind == "identitytoolkit#EmailLinkSigninResponse")
        #expect(signIn.response.email == "a@example.com")
        #expect(signIn.response.isNewUser == true)
        #expect(
            signIn.response.outcome
                == .signedIn(
                    SignInTokens(idToken: "id-7", refreshToken: "refresh-7", expiresIn: "3600", localId: "uid-7")))
    }

    @Test("signInWithPassword sends returnSecureToken; the reply's extra fields decode")
    func password() async throws {
        let exchange = try await exchange(
            SignInWithPasswordRequest(email: "a@example.com", password: "pw-123456"),
            reply: json(
                #"{"kind":"identitytoolkit#VerifyPasswordResponse","localId":"u","email":"a@example.com","displayName":"Ann","idToken":"i","registered":true,"refreshToken":"r","expiresIn":"3600"}"#
            )
        )

        expectTarget(
            exchange.request, "POST", "/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=test-key")
        expectHeaders(exchange.request, contentType: "application/json")
        #expect(exchange.body == ["email": "a@example.com", "password": "pw-123456", "returnSecureToken": true])
        #expect(exchange.response.displayName == "Ann")
        #expect(exchange.response.registered == true)
        #expect(
            exchange.response.outcome
                == .signedIn(SignInTokens(idToken: "i", refreshToken: "r", expiresIn: "3600", localId: "u")))
    }

    @Test("signUp with email, password and display name; anonymous sign-up sends only returnSecureToken")
    func signUp() async throws {
        let reply = json(
            #"{"kind":"identitytoolkit#SignupNewUserResponse","idToken":"i","displayName":"Bo","email":"b@example.com","refreshToken":"r","expiresIn":"3600","localId":"u"}"#
        )
        let full = try await exchange(
            SignUpRequest(email: "b@example.com", password: "secret-pw", displayName: "Bo"), reply: reply)
        let anonymous = try await exchange(SignUpRequest(), reply: reply)

        expectTarget(full.request, "POST", "/identitytoolkit.googleapis.com/v1/accounts:signUp?key=test-key")
        expectHeaders(full.request, contentType: "application/json")
        #expect(
            full.body == [
                "email": "b@example.com", "password": "secret-pw", "displayName": "Bo", "returnSecureToken": true,
            ])
        #expect(anonymous.body == ["returnSecureToken": true])
        #expect(full.response.displayName == "Bo")
        #expect(full.response.email == "b@example.com")
        #expect(
            full.response.outcome
                == .signedIn(SignInTokens(idToken: "i", refreshToken: "r", expiresIn: "3600", localId: "u")))
    }

    @Test("createAuthUri: the §5.5 body and reply; an enumeration-protected reply leaves methods unknown")
    func createAuthUri() async throws {
        let full = try await exchange(
            CreateAuthUriRequest(identifier: "a@example.com", continueUri: "http://localhost"),
            reply: json(
                #"{"kind":"identitytoolkit#CreateAuthUriResponse","registered":true,"allProviders":["password"],"sessionId":"sess","signinMethods":["emailLink"]}"#
            )
        )
        let protected = try await exchange(
            CreateAuthUriRequest(identifier: "a@example.com"),
            reply: json(#"{"kind":"identitytoolkit#CreateAuthUriResponse","sessionId":"sess"}"#)
        )

        expectTarget(full.request, "POST", "/identitytoolkit.googleapis.com/v1/accounts:createAuthUri?key=test-key")
        expectHeaders(full.request, contentType: "application/json")
        #expect(full.body == ["identifier": "a@example.com", "continueUri": "http://localhost"])
        #expect(full.response.registered == true)
        #expect(full.response.allProviders == ["password"])
        #expect(full.response.signinMethods == ["emailLink"])
        #expect(full.response.sessionId == "sess")
        #expect(protected.response.registered == nil)
        #expect(protected.response.signinMethods == nil)
    }
}
