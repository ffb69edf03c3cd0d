import AuthflowPrimitives
import Foundation

/// The Admin SDK's bulk account calls, as the emulator answers them: `accounts:batchCreate` (import, legacy
/// `uploadAccount`), `accounts:batchGet` (listing, legacy `downloadAccount`) and `accounts:batchDelete`.
enum AccountBatchOperations {
    /// The largest `localIds` list `batchDelete` takes.
    static let batchDeleteLimit = 1000
    /// `batchGet`'s page size when `maxResults` is absent or zero, and its upper bound.
    static let defaultPageSize = 20
    static let maximumPageSize = 1000

    // MARK: batchCreate

    /// Imports `users`: request-wide duplicate checks fail the call (400); a bad entry is reported in `error`
    /// by index while the others are imported.
    static func batchCreate(
        _ state: inout BackendState, _ context: inout OperationContext
    ) throws(APIError) -> JSONObject {
        let body = context.body
        let users = try body.objectArray("users") ?? []
        try ensure(!users.isEmpty, "MISSING_USER_ACCOUNT")
        let allowOverwrite = try body.flag("allowOverwrite")
        let sanityCheck = try body.flag("sanityCheck")

        if sanityCheck, !state.allowDuplicateEmails {
            var emails: Set<String> = []
            for user in users {
                guard let email = try user.nonEmptyString("email") else { continue }
                try ensure(!emails.contains(email), "DUPLICATE_EMAIL : \(email)")
                emails.insert(email)
            }
        }
        if sanityCheck {
            var providerKeys: Set<String> = []
            for user in users {
                for info in try user.objectArray("providerUserInfo") ?? [] {
                    let providerId = try info.string("providerId") ?? "undefined"
                    let rawId = try info.string("rawId") ?? "undefined"
                    let key = "\(providerId):\(rawId)"
                    try ensure(
                        !providerKeys.contains(key), "DUPLICATE_RAW_ID : Provider id(\(providerId)), Raw id(\(rawId))")
                    providerKeys.insert(key)
                }
            }
        }
        if !allowOverwrite {
            var localIds: Set<String> = []
            for user in users {
                let localId = try user.string("localId") ?? ""
                try ensure(!localIds.contains(localId), "DUPLICATE_LOCAL_ID : \(localId)")
                localIds.insert(localId)
            }
        }

        var errors: [JSONValue] = []
        for (index, user) in users.enumerated() {
            do throws(APIError) {
                try importAccount(
                    user, allowOverwrite: allowOverwrite, sanityCheck: sanityCheck && !state.allowDuplicateEmails,
                    state: &state, now: context.now)
            } catch  where error.status == nil && error.code == 400 {
                errors.append(["index": .number(Double(index)), "message": .string(friendlyMessage(error.message))])
            }
        }
        return JSONObject([("kind", "identitytoolkit#UploadAccountResponse"), ("error", .array(errors))])
    }

    /// Production's wording for rejected claims in an import report.
    private static func friendlyMessage(_ message: String) -> String {
        if message == "INVALID_CLAIMS" { return "Invalid custom claims provided." }
        if message == "CLAIMS_TOO_LARGE" { return "Custom claims provided are too large." }
        if message.hasPrefix("FORBIDDEN_CLAIM") { return "Custom claims provided include a reserved claim." }
        return message
    }

    private static func importAccount(
        _ user: RequestFields, allowOverwrite: Bool, sanityCheck: Bool, state: inout BackendState, now: Date
    ) throws(APIError) {
        guard let localId = try user.nonEmptyString("localId") else { throw .badRequest("localId is missing") }
        if let userTenant = try user.nonEmptyString("tenantId") {
            try ensure(userTenant == state.tenantID, "Tenant id in userInfo does not match the tenant id in request.")
        }

        var password: (hash: String, salt: String?)?
        if let hash = try user.nonEmptyString("passwordHash") {
            password = (hash, try user.string("salt"))
        } else if let raw = try user.nonEmptyString("rawPassword") {
            let salt = try user.nonEmptyString("salt") ?? "fakeSalt" + RandomText.alphanumeric(20)
            password = (PasswordHash.hash(raw, salt: salt), salt)
        }

        let customAttributes = try user.nonEmptyString("customAttributes")
        if let customAttributes { try CustomClaims.validateSerialized(customAttributes) }

        var providers: [ProviderInfo]?
        if let infos = try user.objectArray("providerUserInfo") {
            var imported: [ProviderInfo] = []
            for info in infos {
                let providerId = try info.nonEmptyString("providerId")
                if providerId == ProviderID.password || providerId == ProviderID.phone { continue }
                guard let providerId, try info.nonEmptyString("rawId") != nil else {
                    if try info.nonEmptyString("federatedId") == nil {
                        throw .badRequest("federatedId or (providerId & rawId) is required")
                    }
                    throw .badRequest(
                        "((Parsing federatedId is not implemented in Auth Emulator; please specify providerId AND rawId as a workaround.))"
                    )
                }
                let entry = try ProviderInfo(linking: info)
                if let owner = state.account(provider: providerId, rawId: entry.rawId) {
                    try ensure(owner.localId == localId, "raw id exists in other account in database")
                }
                imported.append(entry)
            }
            providers = imported
        }

        let phoneNumber = try user.nonEmptyString("phoneNumber")
        if let phoneNumber { try ensure(Validation.isPhoneNumber(phoneNumber), "phone number format is invalid") }

        var email: String?
        if let given = try user.nonEmptyString("email") {
            try ensure(Validation.isEmail(given), "email is invalid")
            if let owner = state.account(email: given) {
                // The emulator always refuses a duplicate email, with production's wording only where
                // production checks (sanityCheck while one account per email is enforced).
                try ensure(
                    owner.localId == localId,
                    sanityCheck
                        ? "email exists in other account in database"
                        : "((Auth Emulator does not support importing duplicate email: \(given)))")
            }
            email = Validation.canonicalEmail(given)
        }
        let emailVerified = try user.flag("emailVerified")

        var enrollments: [MFAEnrollmentRecord]?
        if let factors = try user.objectArray("mfaInfo"), !factors.isEmpty {
            try ensure(email != nil, "Second factor account requires email to be presented.")
            try ensure(emailVerified, "Second factor account requires email to be verified.")
            var ids: Set<String> = []
            for factor in factors {
                guard let id = try factor.nonEmptyString("mfaEnrollmentId") else { continue }
                try ensure(!ids.contains(id), "Enrollment id already exists.")
                ids.insert(id)
            }
            var records: [MFAEnrollmentRecord] = []
            for factor in factors {
                let id = try factor.nonEmptyString("mfaEnrollmentId") ?? MFAEnrollmentImport.freshId(avoiding: ids)
                guard let phone = try factor.nonEmptyString("phoneInfo") else {
                    throw .badRequest("Second factor not supported.")
                }
                try ensure(Validation.isPhoneNumber(phone), "Phone number format is invalid")
                records.append(
                    MFAEnrollmentRecord(
                        mfaEnrollmentId: id, displayName: try factor.string("displayName"),
                        enrolledAt: try factor.nonEmptyString("enrolledAt") ?? RFC3339.string(now),
                        phoneNumber: phone, totp: nil))
            }
            enrollments = records
        }

        let exists = state.account(localId: localId) != nil
        if exists { try ensure(allowOverwrite, "localId belongs to an existing account - can not overwrite.") }

        let displayName = try user.string("displayName")
        let photoUrl = try user.string("photoUrl")
        let lastLoginAt = try user.nonEmptyString("lastLoginAt").flatMap { Int64($0) }
        let createdAt = try user.nonEmptyString("createdAt").flatMap { Int64($0) }
        let disabled = try user.flag("disabled")
        if exists { state.deleteAccount(localId) }
        state.createAccount(localId: localId, now: now) { account in
            account.displayName = displayName
            account.photoUrl = photoUrl
            account.lastLoginAt = lastLoginAt
            if let createdAt { account.createdAt = createdAt }
            if let password {
                account.passwordHash = password.hash
                account.salt = password.salt
                account.passwordUpdatedAt = now.millisecondsSince1970
            }
            account.customAttributes = customAttributes
            account.providers = providers ?? []
            account.providerListKept = providers != nil
            account.phoneNumber = phoneNumber
            account.validSince = now.secondsSince1970
            account.email = email
            account.emailVerified = emailVerified
            account.disabled = disabled
            account.mfaEnrollments = enrollments
        }
    }

    // MARK: batchGet

    /// A page of accounts in `localId` order after `nextPageToken`; a full page always carries a token
    /// (production does), and `maxResults=-1` lists everything (the emulator's own extension).
    static func batchGet(_ state: inout BackendState, _ context: inout OperationContext) throws(APIError) -> JSONObject
    {
        let requested = try parameter("maxResults", context).flatMap { Double($0) }.map { $0.rounded(.down) }
        var pageSize = defaultPageSize
        if let requested, requested != 0, requested.isFinite { pageSize = Int(min(requested, Double(maximumPageSize))) }
        let start = try parameter("nextPageToken", context).flatMap { $0.isEmpty ? nil : $0 }
        let accounts = state.accounts(after: start, limit: pageSize)
        var nextPageToken: String?
        if pageSize >= 0, accounts.count >= pageSize { nextPageToken = accounts.last?.localId }
        var reply = JSONObject()
        reply["kind"] = "identitytoolkit#DownloadAccountResponse"
        reply["users"] = .array(accounts.map(\.json))
        reply.set("nextPageToken", nextPageToken)
        return reply
    }

    /// A query parameter, or the body field of the same name (the legacy `downloadAccount` posts them).
    private static func parameter(_ name: String, _ context: OperationContext) throws(APIError) -> String? {
        if let value = context.query.nonEmpty(name) { return value }
        return try context.body.string(name)
    }

    // MARK: batchDelete

    /// Deletes the listed accounts that are disabled (any with `force`); enabled ones are reported by index,
    /// unknown IDs ignored.
    static func batchDelete(
        _ state: inout BackendState, _ context: inout OperationContext
    ) throws(APIError) -> JSONObject {
        let localIds = try context.body.stringArray("localIds") ?? []
        try ensure(!localIds.isEmpty && localIds.count <= batchDeleteLimit, "LOCAL_ID_LIST_EXCEEDS_LIMIT")
        let force = try context.body.flag("force")
        var errors: [JSONValue] = []
        for (index, localId) in localIds.enumerated() {
            guard let account = state.account(localId: localId) else { continue }
            if !account.disabled, !force {
                errors.append([
                    "index": .number(Double(index)), "localId": .string(localId),
                    "message": "NOT_DISABLED : Disable the account before batch deletion.",
                ])
            } else {
                state.deleteAccount(localId)
            }
        }
        var reply = JSONObject()
        if !errors.isEmpty { reply["errors"] = .array(errors) }
        return reply
    }
}
