import AuthflowPrimitives
import Foundation

/// `accounts:signInWithIdp` (legacy `verifyAssertion`) with the stand-ins' device-flow tokens
/// (``DeviceAuthorizationCredential``) or fake IdP credentials, as the emulator does it:
/// the provider and token come from `requestUri`'s query, then `postBody`, then the fragment (later ones
/// win); accounts match by (provider, `sub`), then by email; `idToken` links. With `returnIdpCredential`,
/// a linking conflict becomes a 200 carrying `errorMessage`.
enum SignInWithIdp {
    static func run(_ state: inout BackendState, _ context: inout OperationContext) throws(APIError) -> JSONObject {
        let body = context.body
        let now = context.now
        if try body.flag("returnRefreshToken") { throw .notImplemented("returnRefreshToken is not implemented yet.") }
        if try body.nonEmptyString("pendingIdToken") != nil {
            throw .notImplemented("pendingIdToken is not implemented yet.")
        }

        let parameters = try credentialParameters(body)
        try HandlerSession.check(body, state: state)
        guard let providerId = parameters.values.nonEmpty("providerId")?.lowercased() else {
            throw .badRequest(
                "INVALID_CREDENTIAL_OR_PROVIDER_ID : Invalid IdP response/credential: \(parameters.normalizedURI)")
        }
        let idpIdToken = parameters.values.nonEmpty("id_token")
        let idpAccessToken = parameters.values.nonEmpty("access_token")
        var parsedClaims = try DeviceAuthorizationCredential.claims(
            providerId: providerId, idToken: idpIdToken, accessToken: idpAccessToken,
            registry: context.deviceAuthorizations, state: state)
        if parsedClaims == nil { parsedClaims = try IdpClaims.parse(idpIdToken) }
        if parsedClaims == nil { parsedClaims = try IdpClaims.parse(idpAccessToken) }
        guard let claims = parsedClaims else {
            if let idpIdToken {
                throw .badRequest(
                    "INVALID_IDP_RESPONSE : Unable to parse id_token: \(idpIdToken) ((Auth Emulator only accepts strict JSON or JWTs as fake id_tokens.))"
                )
            } else if idpAccessToken != nil {
                if providerId == "google.com" || providerId == "apple.com" {
                    throw .notImplemented(
                        "The Auth Emulator only support sign-in with \(providerId) using id_token, not access_token. Please update your code to use id_token."
                    )
                }
                throw .notImplemented("The Auth Emulator does not support \(providerId) sign-in with credentials.")
            }
            throw .notImplemented("The Auth Emulator only supports sign-in with credentials (id_token required).")
        }
        let saml = try SAMLAssertion.parse(parameters.values.nonEmpty("SAMLResponse"))

        var (response, rawId) = IdpClaims.profile(providerId: providerId, claims: claims, saml: saml)
        // Always an access token, so clients that build credentials from one keep working.
        response["oauthAccessToken"] = .string(idpAccessToken ?? "FirebaseAuthEmulatorFakeAccessToken_\(providerId)")
        response.set("oauthIdToken", idpIdToken)

        var fromToken: Account?
        if let idToken = try body.nonEmptyString("idToken") {
            fromToken = try IDToken.verify(idToken, state: state).account
        }
        let matchingProvider = state.account(provider: providerId, rawId: rawId)

        let plan: Plan
        do throws(APIError) {
            plan = try decide(
                response: &response, rawId: rawId, fromToken: fromToken, matchingProvider: matchingProvider,
                state: state, now: now
            )
        } catch  where error.code == 400 && error.status == nil && (try? body.flag("returnIdpCredential")) == true {
            response["errorMessage"] = .string(error.message)
            return response
        }
        if case .needConfirmation = plan { return response }

        let profileEmail = response["email"]?.stringValue
        let provider = ProviderInfo(
            providerId: providerId, rawId: rawId, federatedId: rawId,
            email: profileEmail, displayName: response["displayName"]?.stringValue,
            photoUrl: response["photoUrl"]?.stringValue, screenName: response["screenName"]?.stringValue
        )
        var account: Account
        var sessionClaims: JSONObject?
        var signIn = blockingSignIn(response)
        // The emulator hands the assertion's attribute statements to blocking functions as JSON text.
        signIn.signInAttributes = saml?.attributeStatements.map { JSONWriter.string($0) }
        switch plan {
        case .create(let changes):
            (account, sessionClaims) = try context.createAccount(in: &state, signIn: signIn) { account in
                changes.apply(to: &account)
                account.lastLoginAt = now.millisecondsSince1970
                account.providers = [provider]
            }
            response["localId"] = .string(account.localId)
        case .update(let localId, let changes):
            guard let existing = state.account(localId: localId) else { throw .badRequest("USER_NOT_FOUND") }
            var updates = BlockingFunctionUpdates.none
            if !existing.disabled, !existing.requiresSecondFactor {
                updates = try context.beforeSignIn(existing, in: state, signIn: signIn) { changes.apply(to: &$0) }
                sessionClaims = updates.sessionClaims
            }
            let change = { (account: inout Account) in
                changes.apply(to: &account)
                updates.apply(to: &account)
            }
            guard let updated = state.updateAccount(localId, upserting: [provider], change) else {
                throw .badRequest("USER_NOT_FOUND")
            }
            account = updated
        case .needConfirmation:
            return response
        }
        if account.email == profileEmail {
            response["emailVerified"] = account.emailVerified.map(JSONValue.bool)
        }
        response.set("tenantId", state.tenantID)
        if state.requiresSecondFactor(account) {
            response.merge(
                PendingCredential.response(
                    for: account, signInProvider: providerId, projectID: state.projectID, tenantID: state.tenantID))
            return response
        }
        account = state.updateAccount(account.localId) { $0.lastLoginAt = now.millisecondsSince1970 } ?? account
        try ensure(!account.disabled, "USER_DISABLED")
        response.merge(
            IDToken.issue(
                for: account.localId, provider: providerId, extraClaims: sessionClaims,
                signInAttributes: saml?.attributeStatements, state: &state, now: now))
        return response
    }

    /// The sign-in as the blocking functions' JWT describes it: the provider, its raw user info and, where the
    /// config forwards them, the provider's tokens.
    private static func blockingSignIn(_ response: JSONObject) -> BlockingFunctionSignIn {
        var signIn = BlockingFunctionSignIn(method: response["providerId"]?.stringValue ?? "")
        signIn.rawUserInfo = response["rawUserInfo"]?.stringValue
        signIn.oauthIdToken = response["oauthIdToken"]?.stringValue
        signIn.oauthAccessToken = response["oauthAccessToken"]?.stringValue
        signIn.oauthRefreshToken = response["oauthRefreshToken"]?.stringValue
        signIn.oauthTokenSecret = response["oauthTokenSecret"]?.stringValue
        switch response["oauthExpireIn"] {
        case .string(let text): signIn.oauthExpiresIn = text
        case .number(let number): signIn.oauthExpiresIn = JSONWriter.format(number)
        default: break
        }
        return signIn
    }

    /// What to do with the account once the credential is understood.
    private enum Plan {
        case create(IdpAccountChanges)
        case update(localId: String, IdpAccountChanges)
        case needConfirmation
    }

    /// The emulator's linking and matching rules, with one account per email unless duplicates are allowed.
    private static func decide(
        response: inout JSONObject, rawId: String, fromToken: Account?, matchingProvider: Account?,
        state: BackendState, now: Date
    ) throws(APIError) -> Plan {
        let email = response["email"]?.stringValue
        let emailVerified = response["emailVerified"]?.isTruthy ?? false
        let providerId = response["providerId"]?.stringValue ?? ""
        var changes = IdpAccountChanges()

        if let fromToken {
            try ensure(matchingProvider == nil, "FEDERATED_USER_ID_ALREADY_LINKED")
            if let email, !state.allowDuplicateEmails {
                let owner = state.account(email: email)
                try ensure(owner == nil || owner?.localId == fromToken.localId, "EMAIL_EXISTS")
            }
            response["localId"] = .string(fromToken.localId)
            if let email, fromToken.email == nil, !state.allowDuplicateEmails {
                changes.email = email
                changes.emailVerified = emailVerified
            }
            if let email, emailVerified, (changes.email ?? fromToken.email) == email {
                changes.emailVerified = true
            }
            return .update(localId: fromToken.localId, changes)
        }
        if let matchingProvider {
            response["localId"] = .string(matchingProvider.localId)
            return .update(localId: matchingProvider.localId, changes)
        }
        if state.allowDuplicateEmails {
            // The address is neither matched nor copied to the account (only its provider entry keeps it).
            changes.profile = profileFields(response)
            response["isNewUser"] = true
            return .create(changes)
        }
        if let email, let owner = state.account(email: email) {
            guard emailVerified else {
                response["needConfirmation"] = true
                response["localId"] = .string(owner.localId)
                response["verifiedProvider"] = .array(
                    owner.providers.map(\.providerId)
                        .filter { $0 != ProviderID.password && $0 != ProviderID.phone }
                        .map(JSONValue.string)
                )
                return .needConfirmation
            }
            if owner.providers.contains(where: { $0.providerId == providerId && $0.rawId != rawId }) {
                response["emailRecycled"] = true
            }
            response["localId"] = .string(owner.localId)
            if owner.emailVerified != true {
                // An unverified address loses its password and number once an IdP proves ownership.
                changes.clearPasswordAndPhone = true
                changes.clearProviders = true
                changes.validSince = now.secondsSince1970
            }
            changes.profile = profileFields(response)
            changes.emailVerified = true
            return .update(localId: owner.localId, changes)
        }
        changes.profile = profileFields(response)
        if let email {
            changes.email = email
            changes.emailVerified = emailVerified
        }
        response["isNewUser"] = true
        return .create(changes)
    }

    private static func profileFields(_ response: JSONObject) -> IdpProfile {
        IdpProfile(
            displayName: response["displayName"]?.stringValue,
            photoUrl: response["photoUrl"]?.stringValue,
            screenName: response["screenName"]?.stringValue
        )
    }

    /// The merged credential parameters and the normalised URI (for the error message).
    private static func credentialParameters(
        _ body: RequestFields
    ) throws(APIError) -> (values: QueryParameters, normalizedURI: String) {
        guard let requestUri = try body.nonEmptyString("requestUri") else { throw .badRequest("MISSING_REQUEST_URI") }
        guard var url = AbsoluteURL(requestUri) else { throw .badRequest("INVALID_REQUEST_URI") }
        var values = url.queryParameters
        if let postBody = try body.nonEmptyString("postBody") {
            let posted = QueryParameters(form: postBody)
            for name in posted.names { if let value = posted[name] { values.set(name, value) } }
        }
        if let fragment = url.fragment, !fragment.isEmpty {
            let fromFragment = QueryParameters(form: fragment)
            for name in fromFragment.names { if let value = fromFragment[name] { values.set(name, value) } }
        }
        url.fragment = nil
        url.setQuery(values)
        return (values, url.string)
    }
}

/// Production's check that the embedded backend adds where the official emulator is lax: a `signInWithIdp`
/// completing a hosted-handler redirect must send the raw `sessionId` whose SHA-256 (lowercase hex) the
/// handler was opened with. The widget records that hash under the attempt's `eventId`, and which attempt
/// each OAuth response URL (`requestUri`) it made belongs to, as production's response carries its `state`.
enum HandlerSession {
    /// What production answers when the raw session ID is missing or does not hash to the page's.
    static let mismatch =
        "MISSING_OR_INVALID_NONCE : The sessionId of the request does not match the one the sign-in page was opened with."

    /// Refuses `body` when its `requestUri` belongs to a recorded attempt whose hash its `sessionId` does not
    /// match; requests for other attempts (or none) pass.
    static func check(_ body: RequestFields, state: BackendState) throws(APIError) {
        guard let requestUri = try body.nonEmptyString("requestUri"), let eventId = state.handlerResponses[requestUri],
            let expected = state.handlerSessions[eventId]
        else { return }
        guard let raw = try body.nonEmptyString("sessionId"), SHA256.hex(raw) == expected else {
            throw .badRequest(mismatch)
        }
    }
}
