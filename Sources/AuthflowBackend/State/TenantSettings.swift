import AuthflowPrimitives

/// The sign-in switches of the tenant a state belongs to, read from its stored `Tenant` resource.
struct TenantSettings: Sendable, Equatable {
    var tenantID: String
    var allowPasswordSignup: Bool
    var disableAuth: Bool
    var enableAnonymousUser: Bool
    var enableEmailLinkSignin: Bool
    /// `mfaConfig.state`: `DISABLED`, `ENABLED` or `MANDATORY`.
    var mfaState: String
    /// `mfaConfig.enabledProviders` (`PHONE_SMS`, …).
    var mfaProviders: [String]

    init(tenantID: String, resource: JSONObject) {
        self.tenantID = tenantID
        allowPasswordSignup = resource["allowPasswordSignup"]?.isTruthy ?? false
        disableAuth = resource["disableAuth"]?.isTruthy ?? false
        enableAnonymousUser = resource["enableAnonymousUser"]?.isTruthy ?? false
        enableEmailLinkSignin = resource["enableEmailLinkSignin"]?.isTruthy ?? false
        var mfaState = "DISABLED"
        var mfaProviders: [String] = []
        if case .object(let mfa)? = resource["mfaConfig"] {
            mfaState = mfa["state"]?.stringValue ?? mfaState
            mfaProviders = mfa["enabledProviders"]?.arrayValue?.compactMap(\.stringValue) ?? []
        }
        self.mfaState = mfaState
        self.mfaProviders = mfaProviders
    }

    /// SMS second factors are on: MFA `ENABLED` or `MANDATORY` with `PHONE_SMS` among the providers.
    var smsSecondFactorEnabled: Bool {
        (mfaState == "ENABLED" || mfaState == "MANDATORY") && mfaProviders.contains("PHONE_SMS")
    }
}
