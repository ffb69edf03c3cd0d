/// What a state knows of its tenant: the switches a tenant's operations obey, and the project-level settings
/// a tenant's state takes from its project. A project's own state has every switch on, as the emulator's
/// agent projects do.
extension BackendState {
    /// The tenant's ID; `nil` for a project's own state.
    var tenantID: String? { tenant?.tenantID }

    /// A tenant's empty state inside `project`: no accounts or codes, the project's settings.
    init(tenantOf project: BackendState, _ settings: TenantSettings) {
        self.init(
            projectID: project.projectID, emailEnumerationProtection: project.emailEnumerationProtection,
            verificationCodeLifetime: project.verificationCodeLifetime
        )
        inheritProjectSettings(from: project)
        tenant = settings
    }

    /// Copies the settings that belong to the project, not the tenant (email privacy, code lifetime, TOTP,
    /// reCAPTCHA Enforcement), so a tenant's operation sees the project's current ones. Project-level settings
    /// added to ``BackendState`` belong here too.
    mutating func inheritProjectSettings(from project: BackendState) {
        emailEnumerationProtection = project.emailEnumerationProtection
        verificationCodeLifetime = project.verificationCodeLifetime
        totpEnabled = project.totpEnabled
        recaptchaEnforcement = project.recaptchaEnforcement
        projectConfig = project.projectConfig
    }

    /// `disableAuth`: every client operation answers `PROJECT_DISABLED`.
    var authDisabled: Bool { tenant?.disableAuth ?? false }

    /// `allowPasswordSignup`: email/password sign-up and sign-in.
    var allowsPasswordSignup: Bool { tenant?.allowPasswordSignup ?? true }

    /// `enableAnonymousUser`: anonymous sign-up without admin access.
    var allowsAnonymousUsers: Bool { tenant?.enableAnonymousUser ?? true }

    /// `enableEmailLinkSignin`: email-link codes and sign-in.
    var allowsEmailLinkSignIn: Bool { tenant?.enableEmailLinkSignin ?? true }

    /// SMS second factors (`mfaConfig` `ENABLED`/`MANDATORY` with `PHONE_SMS`).
    var allowsSMSSecondFactor: Bool { tenant?.smsSecondFactorEnabled ?? true }

    /// Second factors count at sign-in: always in a project's own state, in a tenant while its MFA is
    /// `ENABLED` or `MANDATORY` (the emulator's `isMfaEnabled`).
    var secondFactorsEnabled: Bool {
        guard let tenant else { return true }
        return tenant.mfaState == "ENABLED" || tenant.mfaState == "MANDATORY"
    }

    /// Whether signing `account` in stops for a second factor.
    func requiresSecondFactor(_ account: Account) -> Bool {
        account.requiresSecondFactor && secondFactorsEnabled
    }

    /// The check tenant-less operations make first (the emulator's `UNSUPPORTED_TENANT_OPERATION`).
    func ensureNotTenant() throws(APIError) {
        try ensure(tenant == nil, "UNSUPPORTED_TENANT_OPERATION")
    }

    /// The check every client operation makes first in a tenant whose auth is disabled.
    func ensureAuthEnabled() throws(APIError) {
        try ensure(!authDisabled, "PROJECT_DISABLED")
    }
}
