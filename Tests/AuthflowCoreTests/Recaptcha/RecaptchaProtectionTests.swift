import AuthflowBackend
import AuthflowCore
import AuthflowIdentityToolkit
import AuthflowTestSupport
import Synchronization
import Testing

/// A token source that hands out stand-in tokens for the action asked and counts its calls.
private final class CountingTokens: RecaptchaTokenSource {
    let requests = Mutex<[RecaptchaTokenRequest]>([])

    func token(for request: RecaptchaTokenRequest) async throws(RecaptchaProtectionError) -> String {
        requests.withLock { $0.append(request) }
        return "authflow-stand-in:\(request.action.rawValue):core-test"
    }

    var count: Int { requests.withLock { $0.count } }
}

/// `signUp` has no command of its own; these check its protection through the library, against the
/// embedded backend over HTTP.
@Suite("reCAPTCHA Enterprise protection of signUp")
struct RecaptchaProtectionTests {
    @Test("ENFORCE: the token for signUpPassword goes with the first signUp; without a source nothing is sent")
    func enforce() async throws {
        let fixture = try await SignedInBackend()
        fixture.backend.setRecaptchaEnforcement(.enforce, for: .emailPassword)
        let tokens = CountingTokens()

        let reply = try await RecaptchaProtection(fixture.flowEnvironment, tokens: tokens)
            .send(SignUpRequest(email: "new@example.com", password: "secret-password"))
        let refusal: SignInError? = await { () async -> SignInError? in
            do throws(SignInError) {
                _ = try await RecaptchaProtection(fixture.flowEnvironment, tokens: nil)
                    .send(SignUpRequest(email: "other@example.com", password: "secret-password"))
                return nil
            } catch {
                return error
            }
        }()

        #expect(reply.signInFields.localId != nil)
        #expect(tokens.requests.withLock { $0.map(\.action) } == [.signUpPassword])
        #expect(tokens.requests.withLock { $0.first?.siteKey } == EmbeddedBackend.standInRecaptchaSiteKey)
        #expect(fixture.backend.recaptchaAssessments.map(\.valid) == [true])
        guard case .recaptcha(.tokenNeeded(let action, let enforcement)) = refusal else {
            Issue.record("expected tokenNeeded, got \(String(describing: refusal))")
            return
        }
        #expect(action == .signUpPassword && enforcement == .enforce)
        #expect(fixture.backend.recaptchaAssessments.count == 1)
    }

    @Test("AUDIT: signUp goes without a token; MISSING_RECAPTCHA_TOKEN brings exactly one retry with one")
    func audit() async throws {
        let fixture = try await SignedInBackend()
        fixture.backend.setRecaptchaEnforcement(.audit, for: .emailPassword)
        let tokens = CountingTokens()
        let protection = RecaptchaProtection(fixture.flowEnvironment, tokens: tokens)

        _ = try await protection.send(SignUpRequest(email: "plain@example.com", password: "secret-password"))
        let before = tokens.count
        fixture.backend.setFault(
            .status(400, body: #"{"error":{"code":400,"message":"MISSING_RECAPTCHA_TOKEN"}}"#), for: "accounts:signUp",
            times: 1)
        _ = try await protection.send(SignUpRequest(email: "retried@example.com", password: "secret-password"))

        #expect(before == 0)
        #expect(tokens.count == 1)
        #expect(fixture.backend.recaptchaAssessments.map(\.valid) == [true])
    }
}
