import AuthflowHTTP
import AuthflowIdentityToolkit
import AuthflowListener
import AuthflowTestSupport
import Foundation
import Testing

@Suite("App Check exchange layout")
struct AppCheckLayoutTests {
    @Test(
        "Production debug exchange: content-firebaseappcheck v1 projects/<id>/apps/<appId>:exchangeDebugToken, JSON debug_token"
    )
    func productionDebugExchange() async throws {
        let (reply, request) = try await LayoutTests().productionExchange(
            ExchangeDebugTokenRequest(
                app: AppCheckResource(projectID: "my-project", appID: "1:42:web:ab/c"), debugToken: "dbg-token-0001"),
            reply: json(#"{"token":"app-check-token","ttl":"3600s"}"#))

        #expect(request.method == "POST")
        #expect(
            request.target
                == "http://content-firebaseappcheck.googleapis.com/v1/projects/my-project/apps/1%3A42%3Aweb%3Aab%2Fc:exchangeDebugToken?key=AIza%2Bkey%2F%3D"
        )
        #expect(request.header("Content-Type") == "application/json")
        #expect(String(decoding: request.body, as: UTF8.self) == #"{"debug_token":"dbg-token-0001"}"#)
        #expect(request.header("X-Firebase-AppCheck") == nil)
        #expect(reply.token == "app-check-token")
        #expect(reply.timeToLive == .seconds(3600))
    }

    @Test("Production reCAPTCHA Enterprise exchange sends recaptcha_enterprise_token")
    func productionRecaptchaExchange() async throws {
        let (reply, request) = try await LayoutTests().productionExchange(
            ExchangeRecaptchaEnterpriseTokenRequest(
                app: AppCheckResource(projectID: "p", appID: "1:1:web:1"), recaptchaEnterpriseToken: "rc-token-xyz"),
            reply: json(#"{"token":"t2","ttl":"1800.5s"}"#))

        #expect(
            request.target
                == "http://content-firebaseappcheck.googleapis.com/v1/projects/p/apps/1%3A1%3Aweb%3A1:exchangeRecaptchaEnterpriseToken?key=AIza%2Bkey%2F%3D"
        )
        #expect(String(decoding: request.body, as: UTF8.self) == #"{"recaptcha_enterprise_token":"rc-token-xyz"}"#)
        #expect(reply.timeToLive == .milliseconds(1_800_500))
    }

    @Test("A ttl that is not a protobuf Duration is an unusable reply, naming the field but not the token")
    func badTTL() async throws {
        await #expect(throws: IdentityToolkitError.self) {
            _ = try await LayoutTests().productionExchange(
                ExchangeDebugTokenRequest(app: AppCheckResource(projectID: "p", appID: "a"), debugToken: "d"),
                reply: json(#"{"token":"t","ttl":"3600"}"#))
        }
        #expect(AppCheckTokenResponse.duration("3600s") == .seconds(3600))
        #expect(AppCheckTokenResponse.duration("0.5s") == .milliseconds(500))
        #expect(AppCheckTokenResponse.duration("s") == nil)
        #expect(AppCheckTokenResponse.duration("1.2.3s") == nil)
        #expect(AppCheckTokenResponse.duration("-5s") == nil)
    }
}
