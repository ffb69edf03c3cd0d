import AuthflowHTTP
import Testing

@testable import AuthflowCore

/// One poll's answer read in each provider's spelling: RFC 8628's codes (GitHub with HTTP 200, Google with its
/// statuses), GitHub's documented `token_expired` variant, and Facebook's Graph error subcodes.
@Suite("Device grant: a token endpoint's answer")
struct DeviceTokenAnswerTests {
    static func answer(_ body: String, status: Int = 400) -> DeviceTokenAnswer {
        DeviceTokenAnswer(HTTPResponse(status: status, headers: [], body: Array(body.utf8), url: "https://x.test/"))
    }

    static func facebook(_ subcode: Int) -> DeviceTokenAnswer {
        answer(#"{"error":{"message":"m","type":"OAuthException","code":31,"error_subcode":\#(subcode)}}"#)
    }

    @Test("RFC 8628 codes, with HTTP 200 as GitHub answers them; GitHub's token_expired spelling is expiry too")
    func rfcCodes() {
        #expect(Self.answer(#"{"error":"authorization_pending"}"#, status: 200) == .pending)
        #expect(Self.answer(#"{"error":"slow_down","interval":10}"#, status: 200) == .slowDown(interval: 10))
        #expect(Self.answer(#"{"error":"access_denied"}"#, status: 403) == .denied)
        #expect(Self.answer(#"{"error":"expired_token"}"#) == .expired)
        #expect(Self.answer(#"{"error":"token_expired"}"#, status: 200) == .expired)
        #expect(
            Self.answer(#"{"error":"device_flow_disabled"}"#, status: 200)
                == .problem(.refused(error: "device_flow_disabled", description: nil)))
    }

    @Test("Facebook's subcodes: 1349174 pending, 1349172 slow down, 1349173 declined, 1349152 expired")
    func facebookSubcodes() {
        #expect(Self.facebook(1_349_174) == .pending)
        #expect(Self.facebook(1_349_172) == .slowDown(interval: nil))
        #expect(Self.facebook(1_349_173) == .denied)
        #expect(Self.facebook(1_349_152) == .expired)
    }

    @Test("The tokens of an approved grant")
    func tokens() {
        #expect(
            Self.answer(#"{"access_token":"gho_x","token_type":"bearer"}"#, status: 200)
                == .tokens(accessToken: "gho_x", idToken: nil))
    }
}
