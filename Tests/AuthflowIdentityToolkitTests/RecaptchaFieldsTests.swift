import AuthflowIdentityToolkit
import Foundation
import Testing

@Suite("reCAPTCHA Enterprise fields on the protected email/password requests")
struct RecaptchaFieldsTests {
    private func body(_ request: some IdentityToolkitRequest) throws -> [String: Any] {
        guard case .json(let bytes) = try request.encodedBody() else { throw CocoaError(.coderInvalidValue) }
        return try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
    }

    @Test(
        "signInWithPassword and signUp send captchaResponse, clientType and recaptchaVersion with a token, none without"
    )
    func passwordAndSignUp() throws {
        var password = SignInWithPasswordRequest(email: "a@example.com", password: "pw")
        var signUp = SignUpRequest(email: "a@example.com", password: "pw")
        let bare = [try body(password), try body(signUp)]
        password.recaptchaEnterpriseToken = "tok"
        password.clientType = .web
        signUp.recaptchaEnterpriseToken = "tok"
        signUp.clientType = .web
        let protected = [try body(password), try body(signUp)]

        for object in bare {
            #expect(
                object["captchaResponse"] == nil && object["clientType"] == nil && object["recaptchaVersion"] == nil)
            #expect(object["email"] as? String == "a@example.com" && object["returnSecureToken"] as? Bool == true)
        }
        for object in protected {
            #expect(object["captchaResponse"] as? String == "tok")
            #expect(object["clientType"] as? String == "CLIENT_TYPE_WEB")
            #expect(object["recaptchaVersion"] as? String == "RECAPTCHA_ENTERPRISE")
        }
        #expect(SignInWithPasswordRequest.recaptchaAction.rawValue == "signInWithPassword")
        #expect(SignUpRequest.recaptchaAction.rawValue == "signUpPassword")
        #expect(SendOobCodeRequest.recaptchaAction.rawValue == "getOobCode")
    }

    @Test("sendOobCode puts the token in captchaResp, as the web SDK does for getOobCode")
    func sendOobCode() throws {
        let request = SendOobCodeRequest(
            kind: .passwordReset(email: "a@example.com"), clientType: .web, recaptchaEnterpriseToken: "tok")
        let object = try body(request)
        #expect(object["captchaResp"] as? String == "tok")
        #expect(object["captchaResponse"] == nil)
        #expect(object["clientType"] as? String == "CLIENT_TYPE_WEB")
        #expect(object["recaptchaVersion"] as? String == "RECAPTCHA_ENTERPRISE")
    }

    @Test("The tokens never show in a request's description")
    func redacted() {
        var request = SignInWithPasswordRequest(email: "a@example.com", password: "pw-secret")
        request.recaptchaEnterpriseToken = "tok-secret"
        #expect(!String(describing: request).contains("tok-secret"))
        #expect(!String(describing: request).contains("pw-secret"))
    }
}
