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

    /// The accounts, indexed (``AccountStore``); changed only through ``createAccount(localId:now:_:)``,
    /// ``updateAccount(_:upserting:deleting:_:)`` and ``deleteAccount(_:)``.
    private(set) var accountStore = AccountStore()
    var oobCodes: [OobRecord] = []
    var verificationCodes: [PhoneVerification] = []
    var temporaryProofs: [String: String] = [:]
    /// What each refresh token stands for; added to only through ``storeRefreshToken(_:_:)``.
    private(set) var refreshTokens: [String: RefreshRecord] = [:]
    var recaptchaTokens: [RecaptchaIssue] = []
    var revocations: [Revocation] = []
    /// Whether the project offers TOTP second factors.
    var totpEnabled = true
    /// TOTP secrets handed out and not finalized yet.
    var totpEnrollments: [TOTPEnrollmentSession] = []
    /// Each provider's reCAPTCHA Enterprise state; `nil` while the backend plays the emulator (501).
    var recaptchaEnforcement: [EmbeddedBackend.RecaptchaProvider: EmbeddedBackend.RecaptchaEnforcement]?
    var recaptchaAssessments: [BackendRecaptchaAssessment] = []
    var recaptchaRequests: [BackendRecaptchaRequest] = []
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

    /// The refresh tokens stored since ``beginUndoableRun()``, with what each replaced; `nil` outside a run.
    private var refreshTokenJournal: [(token: String, replaced: RefreshRecord?)]?

    init(projectID: String, emailEnumerationProtection: Bool, verificationCodeLifetime: Duration?) {
        self.projectID = projectID
        self.emailEnumerationProtection = emailEnumerationProtection
        self.verificationCodeLifetime = verificationCodeLifetime
    }

    // MARK: Accounts

    /// Every account, oldest first (a copy: for listings and exports, not for finding one).
    var accounts: [Account] { accountStore.all }

    /// How many accounts there are.
    var accountCount: Int { accountStore.count }

    /// Up to `limit` accounts (every one with a negative limit) in ascending local-ID order after `start`.
    mutating func accounts(after start: String?, limit: Int) -> [Account] {
        accountStore.page(after: start, limit: limit)
    }

    func account(localId: String) -> Account? {
        accountStore.account(localId: localId)
    }

    func account(email: String) -> Account? {
        accountStore.first(email: email)
    }

    func account(phoneNumber: String) -> Account? {
        accountStore.first(phoneNumber: phoneNumber)
    }

    func account(provider: String, rawId: String) -> Account? {
        accountStore.first(provider: AccountStore.ProviderKey(providerId: provider, rawId: rawId))
    }

    /// The account holding `email`, then accounts whose linked providers carry it.
    func accounts(emailOrProviderEmail email: String) -> [Account] {
        accountStore.accounts(email: email) + accountStore.accounts(providerEmail: email)
    }

    /// Linked provider entries for the IdP widget's account list, in account order (a scan: the widget lists
    /// every account of the provider).
    func providerInfos(providerId: String) -> [ProviderInfo] {
        accountStore.all.compactMap { $0.providers.first { $0.providerId == providerId } }
    }

    /// A fresh 28-character local ID.
    func newLocalId() -> String {
        while true {
            let candidate = RandomText.alphanumeric(28)
            if account(localId: candidate) == nil { return candidate }
        }
    }

    /// Adds a new account built by `build`, then derives its providers. Every account enters the state here
    /// (sign-ups, sign-ins that create one, `accounts:batchCreate`, imports); callers check the local ID is free
    /// (an existing one would be replaced in its place).
    @discardableResult
    mutating func createAccount(localId: String? = nil, now: Date, _ build: (inout Account) -> Void) -> Account {
        var account = Account(localId: localId ?? newLocalId(), createdAt: now.millisecondsSince1970)
        account.tenantId = tenant?.tenantID
        build(&account)
        account.updateProviders(upserting: account.providers)
        accountStore.put(account)
        return account
    }

    /// Changes an existing account and re-derives its providers; returns the result, or `nil` when the
    /// account no longer exists.
    @discardableResult
    mutating func updateAccount(
        _ localId: String, upserting: [ProviderInfo] = [], deleting: [String] = [],
        _ change: (inout Account) -> Void = { _ in }
    ) -> Account? {
        guard var account = accountStore.account(localId: localId) else { return nil }
        change(&account)
        account.updateProviders(upserting: upserting, deleting: deleting)
        accountStore.put(account)
        return account
    }

    mutating func deleteAccount(_ localId: String) {
        accountStore.remove(localId: localId)
    }

    /// `DELETE …/accounts`: users go, pending codes stay (the emulator keeps them, since applying one may
    /// still create a user).
    mutating func deleteAllAccounts() {
        accountStore.removeAll()
    }

    /// Everything, codes and tokens included (``EmbeddedBackend/reset()``).
    mutating func reset() {
        accountStore.removeAll()
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
        recaptchaRequests.removeAll()
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

    mutating func storeRefreshToken(_ token: String, _ record: RefreshRecord) {
        let replaced = refreshTokens.updateValue(record, forKey: token)
        refreshTokenJournal?.append((token, replaced))
    }

    mutating func createTemporaryProof(phoneNumber: String) -> String {
        let proof = RandomText.base64URL(119)
        temporaryProofs[proof] = phoneNumber
        return proof
    }
}

extension BackendState {
    /// The state as an undoable run found it (``beginUndoableRun()``): everything but the accounts and the refresh
    /// tokens, which record their own changes instead of being copied.
    struct UndoableRun: Sendable {
        fileprivate let rest: BackendState
    }

    /// Starts a run whose changes can be undone all together (``rollBack(_:)``) or kept (``commit(_:)``), at a
    /// cost that does not grow with the number of accounts or refresh tokens: those two record what each change
    /// replaced; the other collections (codes, sessions) are kept as they are, shared until the run changes one.
    mutating func beginUndoableRun() -> UndoableRun {
        var accounts = AccountStore()
        var tokens: [String: RefreshRecord] = [:]
        swap(&accounts, &accountStore)
        swap(&tokens, &refreshTokens)
        let run = UndoableRun(rest: self)
        swap(&accounts, &accountStore)
        swap(&tokens, &refreshTokens)
        accountStore.openJournal()
        refreshTokenJournal = []
        return run
    }

    /// Keeps the run's changes.
    mutating func commit(_ run: UndoableRun) {
        accountStore.closeJournal()
        refreshTokenJournal = nil
    }

    /// Undoes every change of the run.
    mutating func rollBack(_ run: UndoableRun) {
        accountStore.rollBack()
        for (token, replaced) in (refreshTokenJournal ?? []).reversed() { refreshTokens[token] = replaced }
        var accounts = AccountStore()
        var tokens: [String: RefreshRecord] = [:]
        swap(&accounts, &accountStore)
        swap(&tokens, &refreshTokens)
        self = run.rest
        swap(&accounts, &accountStore)
        swap(&tokens, &refreshTokens)
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
        accountStore.first(initialEmail: email)
    }
}

extension BackendState {
    /// Marks a `recaptchaToken` the stand-in reCAPTCHA page issued as presented, so tests can check a client
    /// forwarded it. The token itself is never required: the emulator ignores app-verification fields, in
    /// `sendVerificationCode` and in the MFA `phoneEnrollmentInfo` / `phoneSignInInfo` alike.
    mutating func notePresented(recaptchaToken token: String?) {
        guard let token, let index = recaptchaTokens.firstIndex(where: { $0.token == token }) else { return }
        recaptchaTokens[index].presented = true
    }
}
