import AuthflowPrimitives

/// `accounts:update` (legacy `setAccountInfo`): profile and credential changes with `idToken`, applying a
/// `VERIFY_EMAIL` / `VERIFY_AND_CHANGE_EMAIL` / `RECOVER_EMAIL` code with `oobCode`, and, for an admin
/// (`Authorization: Bearer owner` + `localId`), fields such as `emailVerified` and `disableUser`.
enum UpdateAccount {
    static func run(_ state: inout BackendState, _ context: inout OperationContext) throws(APIError) -> JSONObject {
        let body = context.body
        let now = context.now
        for field in ["provider", "upgradeToFederatedLogin"] where body.object[field] != nil {
            throw .notImplemented("\(field) is not implemented yet.")
        }
        let idToken = try body.nonEmptyString("idToken")
        let oobCode = try body.nonEmptyString("oobCode")
        if context.privileged {
            try ensure(try body.nonEmptyString("localId") != nil, "MISSING_LOCAL_ID")
        } else {
            try ensure(idToken != nil || oobCode != nil, "INVALID_REQ_TYPE : Unsupported request parameters.")
            try ensure(!body.has("customAttributes"), "INSUFFICIENT_PERMISSION")
        }
        if let customAttributes = try body.nonEmptyString("customAttributes") {
            try CustomClaims.validateSerialized(customAttributes)
        }
        let deleteAttributes = try body.stringArray("deleteAttribute") ?? []
        for attribute in deleteAttributes where attribute == "PROVIDER" || attribute == "RAW_USER_INFO" {
            throw .notImplemented("deleteAttribute: \(attribute)")
        }
        let deleteProviders = try body.stringArray("deleteProvider") ?? []

        var account: Account
        var signInProvider: String?
        var newEmail: String?
        var isEmailUpdate = false
        var validSinceChanged = false

        if let oobCode {
            // Applying a code never changes validSince, so it never issues tokens.
            (account, newEmail) = try applyCode(oobCode, state: &state)
        } else {
            if let idToken {
                (account, signInProvider) = try IDToken.verify(idToken, state: state)
                try ensure(!body.has("disableUser"), "OPERATION_NOT_ALLOWED")
            } else {
                guard let localId = try body.nonEmptyString("localId") else { throw .badRequest("MISSING_LOCAL_ID") }
                guard let found = state.account(localId: localId) else { throw .badRequest("USER_NOT_FOUND") }
                account = found
            }

            if let given = try body.nonEmptyString("email") {
                try ensure(Validation.isEmail(given), "INVALID_EMAIL")
                let canonical = Validation.canonicalEmail(given)
                newEmail = canonical
                if canonical != account.email {
                    try ensure(state.account(email: canonical) == nil, "EMAIL_EXISTS")
                    if signInProvider != ProviderID.anonymous, let old = account.email, account.initialEmail == nil {
                        account.initialEmail = old
                    }
                    account.email = canonical
                    account.emailVerified = false
                    isEmailUpdate = true
                }
            }
            if let password = try body.nonEmptyString("password") {
                try Validation.checkPassword(password)
                (account.passwordHash, account.salt) = PasswordHash.make(password)
                account.passwordUpdatedAt = now.millisecondsSince1970
                signInProvider = ProviderID.password
            }
            let validSinceRequested = try body.nonEmptyString("validSince")
            if try body.nonEmptyString("password") != nil || validSinceRequested != nil || isEmailUpdate {
                account.validSince = now.secondsSince1970
                validSinceChanged = true
            }
            if let mfa = try body.nested("mfa") {
                // Non-empty enrollments replace the factors; an empty or absent list clears them.
                let entries = try mfa.objectArray("enrollments") ?? []
                account.mfaEnrollments =
                    entries.isEmpty ? nil : try MFAEnrollmentImport.enrollments(entries, generateIds: false, now: now)
            }

            if body.has("displayName") { account.displayName = try body.string("displayName") }
            if body.has("photoUrl") { account.photoUrl = try body.string("photoUrl") }
            if context.privileged {
                if let disable = try body.bool("disableUser") { account.disabled = disable }
                if let phone = try body.nonEmptyString("phoneNumber"), phone != account.phoneNumber {
                    try ensure(Validation.isPhoneNumber(phone), "INVALID_PHONE_NUMBER : Invalid format.")
                    try ensure(state.account(phoneNumber: phone) == nil, "PHONE_NUMBER_EXISTS")
                    account.phoneNumber = phone
                }
                if let verified = try body.bool("emailVerified") { account.emailVerified = verified }
                if let validSince = validSinceRequested, let seconds = Int64(validSince) {
                    account.validSince = seconds
                }
                if body.has("customAttributes") { account.customAttributes = try body.string("customAttributes") }
                if let createdAt = try body.nonEmptyString("createdAt").flatMap({ Int64($0) }) {
                    account.createdAt = createdAt
                }
                if let lastLoginAt = try body.nonEmptyString("lastLoginAt").flatMap({ Int64($0) }) {
                    account.lastLoginAt = lastLoginAt
                }
            }
            for attribute in deleteAttributes {
                switch attribute {
                case "DISPLAY_NAME": account.displayName = nil
                case "PHOTO_URL": account.photoUrl = nil
                case "PASSWORD": (account.passwordHash, account.salt) = (nil, nil)
                case "EMAIL": (account.email, account.emailVerified, account.emailLinkSignin) = (nil, nil, false)
                default: continue
                }
            }
            if deleteProviders.contains(ProviderID.password) {
                (account.email, account.emailVerified, account.emailLinkSignin) = (nil, nil, false)
                (account.passwordHash, account.salt) = (nil, nil)
            }
            if deleteProviders.contains(ProviderID.phone) { account.phoneNumber = nil }
            if let deletePasskeys = try body.stringArray("deletePasskey") {
                account.passkeys = (account.passkeys ?? []).filter { !deletePasskeys.contains($0.credentialId) }
            }
        }
        var linked: [ProviderInfo] = []
        if let link = try body.nested("linkProviderUserInfo") {
            linked.append(try ProviderInfo(linking: link))
        }

        let draft = account
        guard
            let updated = state.updateAccount(
                draft.localId, upserting: linked, deleting: deleteProviders, { $0 = draft })
        else {
            throw .badRequest("USER_NOT_FOUND")
        }
        if signInProvider != ProviderID.anonymous, let initialEmail = updated.initialEmail, isEmailUpdate {
            let record = OobLink.create(
                &state, origin: context.origin, email: initialEmail, requestType: "RECOVER_EMAIL",
                language: context.locale)
            if let line = OobLink.logLine(for: record) { context.log(line) }
        }

        var reply = JSONObject()
        reply["kind"] = "identitytoolkit#SetAccountInfoResponse"
        reply["localId"] = .string(updated.localId)
        reply.set("emailVerified", updated.emailVerified)
        if updated.providerListKept { reply["providerUserInfo"] = .array(updated.providers.map(\.json)) }
        reply.set("email", updated.email)
        reply.set("displayName", updated.displayName)
        reply.set("photoUrl", updated.photoUrl)
        reply.set("newEmail", newEmail)
        reply.set("passwordHash", updated.passwordHash)
        if validSinceChanged, let signInProvider {
            reply.merge(IDToken.issue(for: updated.localId, provider: signInProvider, state: &state, now: now))
        }
        return reply
    }

    /// Applies an email action code; returns the changed (not yet stored) account and, for a change of
    /// address, the new email.
    private static func applyCode(_ code: String, state: inout BackendState) throws(APIError) -> (Account, String?) {
        guard let record = state.oobCode(code) else { throw .badRequest("INVALID_OOB_CODE") }
        switch record.requestType {
        case "VERIFY_EMAIL":
            state.deleteOobCode(code)
            guard var account = state.account(email: record.email) else { throw .badRequest("INVALID_OOB_CODE") }
            account.emailVerified = true
            account.email = record.email
            return (account, nil)
        case "VERIFY_AND_CHANGE_EMAIL":
            state.deleteOobCode(code)
            guard var account = state.account(email: record.email), let newEmail = record.newEmail else {
                throw .badRequest("INVALID_OOB_CODE")
            }
            try ensure(state.account(email: newEmail) == nil, "EMAIL_EXISTS")
            guard newEmail != account.email else { return (account, nil) }
            account.email = newEmail
            account.emailVerified = true
            return (account, newEmail)
        case "RECOVER_EMAIL":
            state.deleteOobCode(code)
            guard var account = state.account(initialEmail: record.email) else { throw .badRequest("INVALID_OOB_CODE") }
            try ensure(state.account(email: record.email) == nil, "EMAIL_EXISTS")
            if record.email != account.email {
                account.email = record.email
                account.emailVerified = true
            }
            return (account, nil)
        default:
            throw .notImplemented(record.requestType)
        }
    }
}
