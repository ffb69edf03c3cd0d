import AuthflowCore
import AuthflowIdentityToolkit
import Testing

@Suite("The proofs each route sends, per reCAPTCHA Enterprise state")
struct PhoneVerificationPlanTests {
    static let both = RecaptchaAnswer(v2Token: "v2", enterpriseToken: "ent")

    @Test("Test mode sends no proof (the iOS client type only)")
    func none() {
        let plan = PhoneVerificationPlan(verifier: .none, clientType: .ios, reason: .requested)
        #expect(plan.attempts(with: RecaptchaAnswer()) == [.none])
        #expect(!plan.needsV2Token && !plan.needsEnterpriseToken)
    }

    @Test("The hosted page's v2 token goes as iOS sends it; under AUDIT with iOS's fallback fields")
    func hosted() {
        let off = PhoneVerificationPlan(verifier: .hosted, clientType: .ios, reason: .requested)
        let audit = PhoneVerificationPlan(verifier: .hosted, enforcement: .audit, clientType: .ios, reason: .requested)
        #expect(off.attempts(with: Self.both) == [.classic(.recaptchaV2(token: "v2"))])
        #expect(audit.attempts(with: Self.both) == [.classicWithEnterpriseFallback(.recaptchaV2(token: "v2"))])
        #expect(off.attempts(with: RecaptchaAnswer()) == [])
    }

    @Test(
        "The loopback page's tokens go as the web SDK sends them: v2 with NO_RECAPTCHA; under AUDIT Enterprise alone first, v2 only as the fallback; Enterprise alone under ENFORCE"
    )
    func loopback() {
        let off = PhoneVerificationPlan(verifier: .loopback, clientType: .web, siteKey: "s", reason: .requested)
        let audit = PhoneVerificationPlan(
            verifier: .loopback, enforcement: .audit, clientType: .web, siteKey: "s", enterpriseSiteKey: "e",
            reason: .requested)
        let enforce = PhoneVerificationPlan(
            verifier: .loopback, enforcement: .enforce, clientType: .web, enterpriseSiteKey: "e", reason: .requested)

        #expect(off.attempts(with: Self.both) == [.classicWithEnterpriseFallback(.recaptchaV2(token: "v2"))])
        #expect(off.needsV2Token && !off.needsEnterpriseToken)
        #expect(audit.attempts(with: RecaptchaAnswer(enterpriseToken: "ent")) == [.recaptchaEnterprise(token: "ent")])
        #expect(!audit.needsV2Token && audit.needsEnterpriseToken, "the page asks for Enterprise alone first")
        #expect(audit.fallsBackToV2 && !off.fallsBackToV2 && !enforce.fallsBackToV2)
        #expect(audit.fallbackAttempt(v2Token: "v2") == .classicWithEnterpriseFallback(.recaptchaV2(token: "v2")))
        #expect(enforce.attempts(with: Self.both) == [.recaptchaEnterprise(token: "ent")])
        #expect(!enforce.needsV2Token && enforce.needsEnterpriseToken)
        #expect(enforce.attempts(with: RecaptchaAnswer(v2Token: "v2")) == [])
    }
}
