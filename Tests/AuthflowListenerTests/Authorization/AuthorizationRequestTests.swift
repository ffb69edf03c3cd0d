import AuthflowListener
import AuthflowPrimitives
import Testing

@Suite("Authorization request URL")
struct AuthorizationRequestTests {
    let verifier = CodeVerifier("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk") ?? CodeVerifier()

    @Test("Every parameter is percent-encoded, the endpoint's own query is kept, the challenge is S256")
    func url() throws {
        let request = try AuthorizationRequest(
            endpoint: "https://idp.example/authorize?tenant=a%20b", clientID: "client 1&x=y",
            redirectURI: "http://127.0.0.1:4000/callback", scopes: ["openid", "email"], state: "s+/=",
            codeVerifier: verifier, additionalParameters: QueryParameters(pairs: [("prompt", "consent")]))

        #expect(
            request.url == "https://idp.example/authorize?tenant=a%20b&response_type=code&client_id=client%201%26x%3Dy"
                + "&redirect_uri=http%3A%2F%2F127.0.0.1%3A4000%2Fcallback&scope=openid%20email&state=s%2B%2F%3D"
                + "&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM&code_challenge_method=S256"
                + "&prompt=consent")
        let read = QueryParameters(url: request.url)
        #expect(read.value("client_id") == "client 1&x=y")
        #expect(read.value("state") == "s+/=")
    }

    @Test("A fresh state and verifier are made for each request")
    func fresh() throws {
        let one = try AuthorizationRequest(endpoint: "https://idp.example/a", clientID: "c", redirectURI: "http://x/")
        let two = try AuthorizationRequest(endpoint: "https://idp.example/a", clientID: "c", redirectURI: "http://x/")

        #expect(one.state.count >= 43 && one.state != two.state)
        #expect(one.codeVerifier != two.codeVerifier)
        #expect(!one.url.contains(one.codeVerifier.value), "only the challenge goes to the browser")
    }

    @Test("A cleartext, relative or fragment endpoint, a reserved parameter and an empty client ID are refused")
    func refused() {
        func error(_ endpoint: String, clientID: String = "c", extra: [(String, String)] = []) -> String {
            do {
                _ = try AuthorizationRequest(
                    endpoint: endpoint, clientID: clientID, redirectURI: "http://127.0.0.1:1/callback",
                    additionalParameters: QueryParameters(pairs: extra.map { (name: $0.0, value: $0.1) }))
                return "accepted"
            } catch {
                return "\(error)"
            }
        }
        #expect(error("http://idp.example/authorize").contains("neither https"))
        #expect(error("/authorize").contains("not an absolute URL"))
        #expect(error("https://idp.example/authorize#x").contains("fragment"))
        #expect(error("https://idp.example/authorize?state=mine").contains("state is set by the request"))
        #expect(error("https://idp.example/a", extra: [("code_challenge", "x")]).contains("code_challenge"))
        #expect(error("https://idp.example/a", clientID: "").contains("client ID"))
        #expect(error("http://127.0.0.1:8080/authorize") == "accepted", "a provider on loopback may use http")
    }

    @Test("The token request redeems the code with the verifier, form-encoded")
    func tokenRequest() {
        let form = TokenRequest(
            code: "c/1", redirectURI: "http://127.0.0.1:4000/callback", clientID: "client 1", codeVerifier: verifier)

        #expect(
            form.body
                == "grant_type=authorization_code&code=c%2F1&redirect_uri=http%3A%2F%2F127.0.0.1%3A4000%2Fcallback"
                + "&client_id=client%201&code_verifier=dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")
        #expect(TokenRequest.contentType == "application/x-www-form-urlencoded")
    }
}
