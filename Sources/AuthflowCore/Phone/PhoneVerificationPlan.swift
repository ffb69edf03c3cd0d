import AuthflowIdentityToolkit
import AuthflowParsing

/// How one phone sign-in will prove the app: the route, the project's reCAPTCHA Enterprise state, and what
/// the page needs (the keys, or the custom scheme the hosted page answers through). ``PhoneVerifierChoice``
/// makes it; the flow follows it without deciding anything again.
public struct PhoneVerificationPlan: Sendable, Equatable {
    /// The route.
    public var verifier: PhoneVerifier
    /// The project's reCAPTCHA Enterprise state for phone sign-in (`off` when unknown or not asked).
    public var enforcement: RecaptchaEnforcementState
    /// The client type sent with the proof: iOS for the hosted page and test mode (the iOS SDK's), web for
    /// the loopback page (the web SDK's).
    public var clientType: RecaptchaClientType
    /// The reCAPTCHA v2 site key (from `recaptchaParams`), for the loopback page.
    public var siteKey: String?
    /// The reCAPTCHA Enterprise site key (from `recaptchaConfig`), for the loopback page under AUDIT or
    /// ENFORCE, and for the hosted route's first try with an Enterprise token under AUDIT.
    public var enterpriseSiteKey: String?
    /// The custom scheme the hosted page's answer comes back through; set on the hosted route, where the
    /// choice found it in the configuration.
    public var callbackScheme: CallbackScheme?
    /// Why this route was taken, for messages.
    public var reason: Reason

    /// Why a route was taken.
    public enum Reason: Sendable, Equatable, CustomStringConvertible {
        /// The caller asked for it.
        case requested
        /// An Auth Emulator does not check app verification.
        case emulator
        /// App verification is disabled for testing.
        case testMode
        /// The iOS app is configured, so the hosted page works (iOS parity).
        case iosAppConfigured
        /// The project enforces reCAPTCHA Enterprise, which only the loopback page can run.
        case enterpriseEnforced
        /// The hosted page would need these iOS app settings.
        case hostedNeedsIOSApp(missing: [IOSAppSetting])

        public var description: String {
            switch self {
            case .requested: "as requested"
            case .emulator: "the Auth Emulator does not check app verification"
            case .testMode:
                "app verification is disabled for testing (it only works with the project's fictional test numbers)"
            case .iosAppConfigured: "the iOS app's client or app ID and bundle ID are configured"
            case .enterpriseEnforced: "the project enforces reCAPTCHA Enterprise, which only this page can run"
            case .hostedNeedsIOSApp(let missing):
                "the hosted page would need " + missing.map(\.summary).joined(separator: " and ")
            }
        }
    }

    /// A plan; most callers get one from ``PhoneVerifierChoice``.
    public init(
        verifier: PhoneVerifier, enforcement: RecaptchaEnforcementState = .off, clientType: RecaptchaClientType,
        siteKey: String? = nil, enterpriseSiteKey: String? = nil, callbackScheme: CallbackScheme? = nil,
        reason: Reason
    ) {
        self.verifier = verifier
        self.enforcement = enforcement
        self.clientType = clientType
        self.siteKey = siteKey
        self.enterpriseSiteKey = enterpriseSiteKey
        self.callbackScheme = callbackScheme
        self.reason = reason
    }

    /// Whether the page must produce a reCAPTCHA v2 token with its first answer: always on the hosted page;
    /// on the loopback page only when Enterprise is not used (under AUDIT the v2 checkbox comes only after
    /// the Enterprise token was refused: ``fallsBackToV2``).
    public var needsV2Token: Bool {
        switch verifier {
        case .none: false
        case .hosted: true
        case .loopback: !usesEnterprise
        }
    }

    /// Whether the loopback page sends the Enterprise token alone first and shows the v2 checkbox only after
    /// the server refused it with `INVALID_APP_CREDENTIAL` or `MISSING_RECAPTCHA_TOKEN`: the web SDK's AUDIT
    /// flow.
    public var fallsBackToV2: Bool { verifier == .loopback && usesEnterprise && enforcement == .audit }

    /// Whether the loopback page must produce an Enterprise token.
    public var needsEnterpriseToken: Bool { verifier == .loopback && usesEnterprise }

    private var usesEnterprise: Bool {
        enterpriseSiteKey != nil && (enforcement == .audit || enforcement == .enforce)
    }

    /// The proofs to send with `sendVerificationCode` for the page's first answer, in order. Empty when
    /// `answer` lacks a token the plan needs. Under AUDIT the loopback page's answer is the Enterprise token
    /// alone; the v2 proof for the fallback (``fallbackAttempt(v2Token:)``) is asked for only after a refusal.
    ///
    /// The bodies are the SDKs': the hosted page's token as iOS sends it (with its AUDIT fallback fields
    /// when the project audits, since the page cannot give an Enterprise token); the loopback page's as the
    /// web SDK sends it, whose v2 body always carries `captchaResponse: "NO_RECAPTCHA"`.
    public func attempts(with answer: RecaptchaAnswer) -> [AppVerification] {
        switch verifier {
        case .none:
            return [.none]
        case .hosted:
            guard let token = answer.v2Token else { return [] }
            return enforcement == .audit
                ? [.classicWithEnterpriseFallback(.recaptchaV2(token: token))]
                : [.classic(.recaptchaV2(token: token))]
        case .loopback:
            let v2 = answer.v2Token.map { AppVerification.classicWithEnterpriseFallback(.recaptchaV2(token: $0)) }
            guard usesEnterprise else { return v2.map { [$0] } ?? [] }
            guard let enterprise = answer.enterpriseToken else { return [] }
            return [AppVerification.recaptchaEnterprise(token: enterprise)]
        }
    }

    /// The proof sent after the Enterprise token was refused under AUDIT: the v2 token with
    /// `captchaResponse: "NO_RECAPTCHA"`, as the web SDK sends it.
    public func fallbackAttempt(v2Token: String) -> AppVerification {
        .classicWithEnterpriseFallback(.recaptchaV2(token: v2Token))
    }
}
