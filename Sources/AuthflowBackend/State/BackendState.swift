import Foundation

/// Everything the backend remembers. One value behind one lock: each request runs its whole operation
/// under the lock, so concurrent requests see each other's effects in some serial order, as they do in
/// the single-threaded emulator.
struct BackendState: Sendable {
    let projectID: String
    /// What v1 `projects` and refresh responses call the project: the emulator's fixed fake number.
    let projectNumber = "12345"
    var emailEnumerationProtection: Bool
    var verificationCodeLifetime: Duration?

    private(set) var accounts: [Account] = []
    var oobCodes: [OobRecord] = []
    var verificationCodes: [PhoneVerification] = []
    var temporaryProofs: [String: String] = [:]
    var refreshTokens: [String: RefreshRecord] = [:]
    var recaptchaTokens: [RecaptchaIssue] = []
    var revocations: [Revocation] = []
    /// Whether the project offers TOTP second factors.
    var totpEnabled = true
    /// TOTP secrets handed out and not finalized yet.
    var totpEnrollments: [TOTPEnrollmentSession] = []
    /// Each provider's reCAPTCHA Enterprise state; `nil` while the backend plays the emulator (501).
    var recaptchaEnforcement: [EmbeddedBackend.RecaptchaProvider: EmbeddedBackend.RecaptchaEnforcement]?
    var recaptchaAssessments: [BackendRecaptchaAssessment] = []
    /// The `sessionId` (SHA-256 hex of the client's raw session ID) each hosted-handler redirect was opened
    /// with, by `eventId`: `signInWithIdp` for that attempt must send the raw value, as production requires.
    var handlerSessions: [String: String] = [:]
    /// The `eventId` of the hosted-handler attempt each OAuth response URL the widget made belongs to.
    var handlerResponses: [String: String] = [:]
    /// `signIn.allowDuplicateEmails`: IdP sign-ins neither match nor claim accounts by email (off: one account
    /// per email). Kept in the project config (``ProjectConfigDocument``).
    var allowDuplicateEmails: Bool { projectConfig.allowDuplicateEmails }
    /// Each project's tenants (v2 `projects/<id>/tenants`).
    var tenants = TenantRegistry()
    /// This project's or tenant's OIDC and SAML provider configurations (v2 `oauthIdpConfigs`,
    /// `inboundSamlConfigs`).
    var providerConfigs = ProviderConfigRegistry()
    /// The tenant this state belongs to (its switches as last stored); `nil` for a project's own state.
    var tenant: TenantSettings?
    /// The v2 project config (`projects/<id>/config`); its email privacy setting follows
    /// `emailEnumerationProtection` (``updateProjectConfig(_:)``).
    var projectConfig = ProjectConfigDocument()

    init(projectID: String, emailEnumerationProtection: Bool, verificationCodeLifetime: Duration?) {
        self.projectID = projectID
        self.emailEnumerationProtection = emailEnumerationProtection
        self.verificationCodeLifetime = verificationCodeLifetime
    }

    // MARK: Accounts

    func account(localId: String) -> Account? {
        accounts.first { $0.localId == localId }
    }

    func account(email: String) -> Account? {
        accounts.first { $0.email == email }
    }

    func account(phoneNumber: String) -> Account? {
        accounts.first { $0.phoneNumber == phoneNumber }
    }

    func account(provider: String, rawId: String) -> Account? {
        accounts.first { $0.providers.contains { $0.providerId == provider && $0.rawId == rawId } }
    }

    /// The account holding `email`, then accounts whose linked providers carry it.
    func accounts(emailOrProviderEmail email: String) -> [Account] {
        var found = accounts.filter { $0.email == email }
        for account in accounts where account.email != email && account.providers.contains(where: { $0.email == email })
        {
            found.append(account)
        }
        return found
    }

    /// Linked provider entries for the IdP widget's account list, in account order.
    func providerInfos(providerId: String) -> [ProviderInfo] {
        accounts.compactMap { $0.providers.first { $0.providerId == providerId } }
    }

    /// A fresh 28-character local ID.
    func newLocalId() -> String {
        while true {
            let candidate = RandomText.alphanumeric(28)
            if account(localId: candidate) == nil { return candidate }
        }
    }

    /// Adds a new account built by `build`, then derives its providers.
    @discardableResult
    mutating func createAccount(localId: String? = nil, now: Date, _ build: (inout Account) -> Void) -> Account {
        var account = Account(localId: localId ?? newLocalId(), createdAt: now.millisecondsSince1970)
        account.tenantId = tenant?.tenantID
        build(&account)
        account.updateProviders(upserting: account.providers)
        accounts.append(account)
        return account
    }

    /// Changes an existing account and re-derives its providers; returns the result, or `nil` when the
    /// account no longer exists.
    @discardableResult
    mutating func updateAccount(
        _ localId: String, upserting: [ProviderInfo] = [], deleting: [String] = [],
        _ change: (inout Account) -> Void = { _ in }
    ) -> Account? {
        guard let index = accounts.firstIndex(where: { $0.localId == localId }) else { return nil }
        change(&accounts[index])
        accounts[index].updateProviders(upserting: upserting, deleting: deleting)
        return accounts[index]
    }

    mutating func deleteAccount(_ localId: String) {
        accounts.removeAll { $0.localId == localId }
    }

    /// `DELETE …/accounts`: users go, pending codes stay (the emulator keeps them, since applying one may
    /// still create a user).
    mutating func deleteAllAccounts() {
        accounts.removeAll()
    }

    /// Everything, codes and tokens included (``EmbeddedBackend/reset()``).
    mutating func reset() {
        accounts.removeAll()
        oobCodes.removeAll()
        verificationCodes.removeAll()
        temporaryProofs.removeAll()
        refreshTokens.removeAll()
        handlerSessions.removeAll()
        handlerResponses.removeAll()
        recaptchaTokens.removeAll()
        revocations.removeAll()
        totpEnrollments.removeAll()
        recaptchaAssessments.removeAll()
        tenants.removeAll()
        providerConfigs.removeAll()
    }

    // MARK: Codes

    mutating func createVerificationCode(phoneNumber: String, now: Date) -> PhoneVerification {
        let verification = PhoneVerification(
            code: RandomText.digits(6), phoneNumber: phoneNumber, sessionInfo: RandomText.base64URL(226), createdAt: now
        )
        verificationCodes.append(verification)
        return verification
    }

    /// Checks `code` against the session and consumes it; a wrong code leaves it in place for a retry.
    mutating func verifyPhoneNumber(sessionInfo: String, code: String, now: Date) throws(APIError) -> String {
        guard let index = verificationCodes.firstIndex(where: { $0.sessionInfo == sessionInfo }) else {
            throw .badRequest("INVALID_SESSION_INFO")
        }
        let verification = verificationCodes[index]
        if let lifetime = verificationCodeLifetime,
            now.timeIntervalSince(verification.createdAt) > lifetime.timeInterval
        {
            verificationCodes.remove(at: index)
            throw .badRequest("SESSION_EXPIRED")
        }
        try ensure(verification.code == code, "INVALID_CODE")
        verificationCodes.remove(at: index)
        return verification.phoneNumber
    }

    func oobCode(_ code: String) -> OobRecord? {
        oobCodes.first { $0.oobCode == code }
    }

    mutating func deleteOobCode(_ code: String) {
        oobCodes.removeAll { $0.oobCode == code }
    }

    /// Records a code and its link, built by `link` from the fresh code.
    mutating func createOobCode(
        email: String, newEmail: String?, requestType: String, link: (String) -> String
    ) -> OobRecord {
        let code = RandomText.base64URL(54)
        let record = OobRecord(
            email: email, newEmail: newEmail, requestType: requestType, oobCode: code, oobLink: link(code))
        oobCodes.append(record)
        return record
    }

    mutating func createTemporaryProof(phoneNumber: String) -> String {
        let proof = RandomText.base64URL(119)
        temporaryProofs[proof] = phoneNumber
        return proof
    }
}

extension Date {
    var millisecondsSince1970: Int64 { Int64((timeIntervalSince1970 * 1000).rounded(.down)) }
    var secondsSince1970: Int64 { Int64(timeIntervalSince1970.rounded(.down)) }
}

extension Duration {
    var timeInterval: TimeInterval {
        let parts = components
        return TimeInterval(parts.seconds) + TimeInterval(parts.attoseconds) / 1e18
    }
}

extension BackendState {
    /// The account whose first email was `email` (for RECOVER_EMAIL).
    func account(initialEmail email: String) -> Account? {
        accounts.first { $0.initialEmail == email }
    }
}
