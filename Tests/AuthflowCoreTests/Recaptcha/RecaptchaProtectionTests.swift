import AuthflowBackend
import AuthflowCore
import AuthflowIdentityToolkit
import AuthflowTestSupport
import Synchronization
import Testing

/// A token source that hands out stand-in tokens for the action asked and counts its calls.
private final class CountingTokens: RecaptchaTokenSource {
    let requests = Mutex<[RecaptchaTokenRequest]>([])
    /// A command's source when true, a page's when false.
    let isUnattended: Bool

    init(unattended: Bool = false) {
        self.isUnattended = unattended
    }

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

    @Test("AUDIT with an unattended source: the first signUp carries the token and CLIENT_TYPE_WEB")
    func auditUnattended() async throws {
        let fixture = try await SignedInBackend()
        fixture.backend.setRecaptchaEnforcement(.audit, for: .emailPassword)
        let tokens = CountingTokens(unattended: true)
        let before = fixture.backend.recaptchaRequests.count

        _ = try await RecaptchaProtection(fixture.flowEnvironment, tokens: tokens)
            .send(SignUpRequest(email: "audited@example.com", password: "secret-password"))

        #expect(tokens.requests.withLock { $0.map(\.action) } == [.signUpPassword])
        let sent = fixture.backend.recaptchaRequests.dropFirst(before)
        #expect(sent.map(\.token) == ["authflow-stand-in:signUpPassword:core-test"])
        #expect(sent.map(\.clientType) == ["CLIENT_TYPE_WEB"])
        #expect(sent.map(\.recaptchaVersion) == ["RECAPTCHA_ENTERPRISE"])
        #expect(fixture.backend.recaptchaAssessments.map(\.valid) == [true])
    }

    @Test("AUDIT: signUp goes without a token; MISSING_RECAPTCHA_TOKEN brings exactly one retry with one")
    func audit() async throws {
        let fixture = try await SignedInBackend()
        fixture.backend.setRecaptchaEnforcement(.audit, for: .emailPassword)
        let tokens = CountingTokens()
        let protection = RecaptchaProtection(fixture.flowEnvironment, tokens: tokens)
        let already = fixture.backend.recaptchaRequests.count

        _ = try await protection.send(SignUpRequest(email: "plain@example.com", password: "secret-password"))
        let before = tokens.count
        fixture.backend.setFault(
            .status(400, body: #"{"error":{"code":400,"message":"MISSING_RECAPTCHA_TOKEN"}}"#), for: "accounts:signUp",
            times: 1)
        _ = try await protection.send(SignUpRequest(email: "retried@example.com", password: "secret-password"))

        #expect(before == 0)
        #expect(tokens.count == 1)
        #expect(
            fixture.backend.recaptchaRequests.dropFirst(already).map(\.clientType) == [
                "CLIENT_TYPE_WEB", "CLIENT_TYPE_WEB",
            ])
        #expect(fixture.backend.recaptchaAssessments.map(\.valid) == [true])
    }
}
