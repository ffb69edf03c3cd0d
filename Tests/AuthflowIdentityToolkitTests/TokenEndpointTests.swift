import AuthflowIdentityToolkit
import AuthflowListener
import AuthflowTestSupport
import Testing

@Suite("Token refresh (securetoken v1/token)")
struct TokenEndpointTests {
    @Test("A form body with grant_type and the encoded refresh token; the emulator's snake_case reply decodes")
    func refresh() async throws {
        let exchange = try await exchange(
            SecureTokenRequest(refreshToken: "refresh+token/with=chars"),
            reply: json(
                #"{"id_token":"new-id","access_token":"new-id","refresh_token":"refresh-2","expires_in":"3600","user_id":"uid-1","project_id":"demo","token_type":"Bearer"}"#
            ),
            tenantID: "not-sent"
        )

        expectTarget(exchange.request, "POST", "/securetoken.googleapis.com/v1/token?key=test-key")
        expectHeaders(exchange.request, contentType: "application/x-www-form-urlencoded")
        #expect(exchange.request.text == "grant_type=refresh_token&refresh_token=refresh%2Btoken%2Fwith%3Dchars")
        #expect(exchange.response.idToken == "new-id")
        #expect(exchange.response.refreshToken == "refresh-2")
        #expect(exchange.response.expiresIn == "3600")
        #expect(exchange.response.userID == "uid-1")
        #expect(exchange.response.projectID == "demo")
    }

    @Test("The web SDK's fields (access_token only, expires_in as a number) are accepted")
    func accessTokenOnly() async throws {
        let exchange = try await exchange(
            SecureTokenRequest(refreshToken: "r"),
            reply: json(#"{"access_token":"jwt","refresh_token":"r2","expires_in":3600}"#)
        )

        #expect(exchange.response.idToken == "jwt")
        #expect(exchange.response.expiresIn == "3600")
    }

    @Test("A reply without either token is malformed")
    func noToken() async throws {
        let server = try RecordingServer { _ in json(#"{"refresh_token":"r2"}"#) }
        defer { server.stop() }
        let client = IdentityToolkitClient(
            configuration: emulatorConfiguration(port: server.port), http: loopbackHTTP())

        let error = await expectFailure { try await client.send(SecureTokenRequest(refreshToken: "r")) }

        guard case .malformedResponse(let malformed)? = error else {
            Issue.record("got \(String(describing: error))")
            return
        }
        #expect(malformed.problem == .missing(field: "id_token"))
    }
}
