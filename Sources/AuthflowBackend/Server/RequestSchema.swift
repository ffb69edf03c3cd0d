import AuthflowPrimitives

/// The shape of request bodies as the Identity Toolkit API describes them (the field names and types of each
/// request message), checked before an operation runs, as the emulator's OpenAPI validation does: the first
/// field present with the wrong type answers 400 `INVALID_ARGUMENT` "Invalid JSON payload received. /mfa/enrollments
/// must be array". A `null` array, map or message is refused; a `null` string, number or boolean is taken
/// as absent (the JS SDK sends `postBody: null`). Numbers are taken for string fields (the emulator turns
/// them into strings); an enum's allowed values are checked where the operation reads it
/// (``RequestFields/enumeration(_:_:)``); fields the API does not describe are left alone.
enum RequestSchema {
    /// One field's type.
    indirect enum FieldType: Sendable, Equatable {
        case string
        case boolean
        case integer
        case number
        /// A string enum (its name or its index).
        case enumeration
        /// A JSON object with any keys (`customParameter`).
        case map
        case message(String)
        case array(FieldType)
    }

    /// The request message each operation takes, by operation name (``RestOperation/name``).
    static let messageByOperation: [String: String] = [
        "accounts:createAuthUri": "CreateAuthUriRequest",
        "accounts:delete": "DeleteAccountRequest",
        "accounts:lookup": "GetAccountInfoRequest",
        "accounts:resetPassword": "ResetPasswordRequest",
        "accounts:sendOobCode": "GetOobCodeRequest",
        "accounts:sendVerificationCode": "SendVerificationCodeRequest",
        "accounts:signInWithCustomToken": "SignInWithCustomTokenRequest",
        "accounts:signInWithEmailLink": "SignInWithEmailLinkRequest",
        "accounts:signInWithIdp": "SignInWithIdpRequest",
        "accounts:signInWithPassword": "SignInWithPasswordRequest",
        "accounts:signInWithPhoneNumber": "SignInWithPhoneNumberRequest",
        "accounts:signUp": "SignUpRequest",
        "accounts": "SignUpRequest",
        "accounts:update": "SetAccountInfoRequest",
        "accounts:batchCreate": "UploadAccountRequest",
        "uploadAccount": "UploadAccountRequest",
        "accounts:batchDelete": "BatchDeleteAccountsRequest",
        "accounts:query": "QueryUserInfoRequest",
        ":queryAccounts": "QueryUserInfoRequest",
        ":createSessionCookie": "CreateSessionCookieRequest",
        "accounts/mfaEnrollment:start": "StartMfaEnrollmentRequest",
        "accounts/mfaEnrollment:finalize": "FinalizeMfaEnrollmentRequest",
        "accounts/mfaEnrollment:withdraw": "WithdrawMfaRequest",
        "accounts/mfaSignIn:start": "StartMfaSignInRequest",
        "accounts/mfaSignIn:finalize": "FinalizeMfaSignInRequest",
    ]

    /// Each message's fields in the API description's order (the order the emulator checks them in): `name:type`
    /// with `s` string, `b` boolean, `i` integer, `n` number, `e` enum, `m` map, `[…]` array, else a message.
    private static let messageFields: [String: String] = [
        "SetAccountInfoRequest": """
        captchaChallenge:s captchaResponse:s createdAt:s customAttributes:s delegatedProjectNumber:s \
        deleteAttribute:[e] deleteProvider:[s] disableUser:b displayName:s email:s emailVerified:b idToken:s \
        instanceId:s lastLoginAt:s linkProviderUserInfo:ProviderUserInfo localId:s mfa:MfaInfo oobCode:s \
        password:s phoneNumber:s photoUrl:s provider:[s] returnSecureToken:b targetProjectId:s tenantId:s \
        upgradeToFederatedLogin:b validSince:s deletePasskey:[s]
        """,
        "ProviderUserInfo":
            "displayName:s email:s federatedId:s phoneNumber:s photoUrl:s providerId:s rawId:s screenName:s",
        "MfaInfo": "enrollments:[MfaEnrollment]",
        "MfaEnrollment": """
        displayName:s emailInfo:EmailInfo enrolledAt:s mfaEnrollmentId:s phoneInfo:s totpInfo:m \
        unobfuscatedPhoneInfo:s
        """,
        "EmailInfo": "emailAddress:s",
        "SignUpRequest": """
        captchaChallenge:s captchaResponse:s clientType:e disabled:b displayName:s email:s emailVerified:b \
        idToken:s instanceId:s localId:s mfaInfo:[MfaFactor] password:s phoneNumber:s photoUrl:s \
        recaptchaVersion:e targetProjectId:s tenantId:s
        """,
        "MfaFactor": "displayName:s phoneInfo:s",
        "SignInWithPasswordRequest": """
        captchaChallenge:s captchaResponse:s clientType:e delegatedProjectNumber:s email:s idToken:s \
        instanceId:s password:s pendingIdToken:s recaptchaVersion:e returnSecureToken:b tenantId:s
        """,
        "GetAccountInfoRequest": """
        delegatedProjectNumber:s email:[s] federatedUserId:[FederatedUserIdentifier] idToken:s \
        initialEmail:[s] localId:[s] phoneNumber:[s] targetProjectId:s tenantId:s
        """,
        "FederatedUserIdentifier": "providerId:s rawId:s",
        "DeleteAccountRequest": "delegatedProjectNumber:s idToken:s localId:s targetProjectId:s tenantId:s",
        "CreateAuthUriRequest": """
        appId:s authFlowType:s context:s continueUri:s customParameter:m hostedDomain:s identifier:s \
        oauthConsumerKey:s oauthScope:s openidRealm:s otaApp:s providerId:s sessionId:s tenantId:s
        """,
        "ResetPasswordRequest": "email:s newPassword:s oldPassword:s oobCode:s tenantId:s",
        "GetOobCodeRequest": """
        androidInstallApp:b androidMinimumVersion:s androidPackageName:s canHandleCodeInApp:b captchaResp:s \
        challenge:s clientType:e continueUrl:s dynamicLinkDomain:s email:s iOSAppStoreId:s iOSBundleId:s \
        idToken:s linkDomain:s newEmail:s recaptchaVersion:e requestType:e returnOobLink:b targetProjectId:s \
        tenantId:s userIp:s
        """,
        "SendVerificationCodeRequest": """
        autoRetrievalInfo:AutoRetrievalInfo captchaResponse:s clientType:e iosReceipt:s iosSecret:s \
        phoneNumber:s playIntegrityToken:s recaptchaToken:s recaptchaVersion:e safetyNetToken:s tenantId:s
        """,
        "AutoRetrievalInfo": "appSignatureHash:s",
        "SignInWithCustomTokenRequest": """
        delegatedProjectNumber:s instanceId:s returnSecureToken:b tenantId:s token:s
        """,
        "SignInWithEmailLinkRequest": "email:s idToken:s oobCode:s tenantId:s",
        "SignInWithIdpRequest": """
        autoCreate:b delegatedProjectNumber:s idToken:s pendingIdToken:s pendingToken:s postBody:s \
        requestUri:s returnIdpCredential:b returnRefreshToken:b returnSecureToken:b sessionId:s tenantId:s
        """,
        "SignInWithPhoneNumberRequest": """
        code:s idToken:s operation:e phoneNumber:s sessionInfo:s temporaryProof:s tenantId:s \
        verificationProof:s
        """,
        "UploadAccountRequest": """
        allowOverwrite:b argon2Parameters:Argon2Parameters blockSize:i cpuMemCost:i delegatedProjectNumber:s \
        dkLen:i hashAlgorithm:s memoryCost:i parallelization:i passwordHashOrder:e rounds:i saltSeparator:s \
        sanityCheck:b signerKey:s tenantId:s users:[UserInfo]
        """,
        "Argon2Parameters": """
        associatedData:s hashLengthBytes:i hashType:e iterations:i memoryCostKib:i parallelism:i version:e
        """,
        "UserInfo": """
        createdAt:s customAttributes:s customAuth:b dateOfBirth:s disabled:b displayName:s email:s \
        emailLinkSignin:b emailVerified:b initialEmail:s language:s lastLoginAt:s lastRefreshAt:s localId:s \
        mfaInfo:[MfaEnrollment] passwordHash:s passwordUpdatedAt:n phoneNumber:s photoUrl:s \
        providerUserInfo:[ProviderUserInfo] rawPassword:s salt:s screenName:s tenantId:s timeZone:s \
        validSince:s version:i passkeyInfo:[PasskeyInfo]
        """,
        "PasskeyInfo": "credentialId:s name:s",
        "BatchDeleteAccountsRequest": "force:b localIds:[s] tenantId:s",
        "QueryUserInfoRequest": """
        expression:[SqlExpression] limit:s offset:s order:e returnUserInfo:b sortBy:e tenantId:s
        """,
        "SqlExpression": "email:s phoneNumber:s userId:s",
        "CreateSessionCookieRequest": "idToken:s tenantId:s validDuration:s",
        "StartMfaEnrollmentRequest": """
        idToken:s phoneEnrollmentInfo:StartMfaPhoneRequestInfo tenantId:s totpEnrollmentInfo:m
        """,
        "StartMfaPhoneRequestInfo": """
        autoRetrievalInfo:AutoRetrievalInfo captchaResponse:s clientType:e iosReceipt:s iosSecret:s \
        phoneNumber:s playIntegrityToken:s recaptchaToken:s recaptchaVersion:e safetyNetToken:s
        """,
        "FinalizeMfaEnrollmentRequest": """
        displayName:s idToken:s phoneVerificationInfo:FinalizeMfaPhoneRequestInfo tenantId:s \
        totpVerificationInfo:FinalizeMfaTotpEnrollmentRequestInfo
        """,
        "FinalizeMfaPhoneRequestInfo": "androidVerificationProof:s code:s phoneNumber:s sessionInfo:s",
        "FinalizeMfaTotpEnrollmentRequestInfo": "sessionInfo:s verificationCode:s",
        "WithdrawMfaRequest": "idToken:s mfaEnrollmentId:s tenantId:s",
        "StartMfaSignInRequest": """
        mfaEnrollmentId:s mfaPendingCredential:s phoneSignInInfo:StartMfaPhoneRequestInfo tenantId:s
        """,
        "FinalizeMfaSignInRequest": """
        mfaEnrollmentId:s mfaPendingCredential:s phoneVerificationInfo:FinalizeMfaPhoneRequestInfo tenantId:s \
        totpVerificationInfo:MfaTotpSignInRequestInfo
        """,
        "MfaTotpSignInRequestInfo": "verificationCode:s",
    ]

    /// Every message's fields, parsed once.
    static let messages: [String: [(name: String, type: FieldType)]] = messageFields.mapValues { fields in
        fields.split(separator: " ").compactMap { entry in
            guard let colon = entry.firstIndex(of: ":") else { return nil }
            return (String(entry[..<colon]), fieldType(entry[entry.index(after: colon)...]))
        }
    }

    /// Every message's field types by name, for checking a body in the order of its own keys.
    private static let fieldTypes: [String: [String: FieldType]] = messages.mapValues { fields in
        Dictionary(fields.map { ($0.name, $0.type) }, uniquingKeysWith: { first, _ in first })
    }

    private static func fieldType(_ code: Substring) -> FieldType {
        if code.hasPrefix("["), code.hasSuffix("]") { return .array(fieldType(code.dropFirst().dropLast())) }
        switch code {
        case "s": return .string
        case "b": return .boolean
        case "i": return .integer
        case "n": return .number
        case "e": return .enumeration
        case "m": return .map
        default: return .message(String(code))
        }
    }

    /// Checks `body` against the message of `operation`; operations without one are not checked.
    static func validate(_ body: RequestFields, operation: String) throws(APIError) {
        guard let message = messageByOperation[operation] else { return }
        try validate(.object(body.object), as: .message(message), at: "")
    }

    private static func validate(_ value: JSONValue, as type: FieldType, at path: String) throws(APIError) {
        switch (type, value) {
        case (.string, .string), (.string, .number), (.enumeration, .string), (.enumeration, .number),
            (.boolean, .bool), (.number, .number), (.map, .object):
            return
        case (.string, .null), (.enumeration, .null), (.boolean, .null), (.integer, .null), (.number, .null):
            // A null scalar is an absent one: the JS SDK sends `postBody: null` to the emulator on every pop-up
            // sign-in (idp.ts `postBody: this.params.postBody || null`, the widget's event carrying "").
            return
        case (.integer, .number(let number)) where number.rounded() == number:
            return
        case (.message(let name), .object(let object)):
            guard let types = fieldTypes[name] else { return }
            for (field, child) in object.entries {
                guard let fieldType = types[field], !conforms(child, to: fieldType) else { continue }
                // Something is wrong: name the first wrong field in the API's order, as the emulator does.
                for (field, fieldType) in messages[name] ?? [] {
                    guard let child = object[field] else { continue }
                    try validate(child, as: fieldType, at: path + "/" + field)
                }
            }
        case (.array(let items), .array(let values)):
            for (index, child) in values.enumerated() { try validate(child, as: items, at: "\(path)/\(index)") }
        default:
            throw .invalidArgument("Invalid JSON payload received. \(path) must be \(typeName(type))")
        }
    }

    /// Whether `value` has the type, nested fields included.
    private static func conforms(_ value: JSONValue, to type: FieldType) -> Bool {
        do throws(APIError) {
            try validate(value, as: type, at: "")
            return true
        } catch {
            return false
        }
    }

    /// The JSON Schema type name the emulator's messages use.
    private static func typeName(_ type: FieldType) -> String {
        switch type {
        case .string, .enumeration: "string"
        case .boolean: "boolean"
        case .integer: "integer"
        case .number: "number"
        case .map, .message: "object"
        case .array: "array"
        }
    }
}
