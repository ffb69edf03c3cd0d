import AuthflowPrimitives

/// How a REST operation reads its body.
enum BodyFormat: Sendable {
    /// JSON (an empty body is `{}`).
    case json
    /// `application/x-www-form-urlencoded`, or JSON when the body looks like JSON (the secure-token API).
    case formOrJSON
    /// GET endpoints: the body is ignored.
    case none
}

/// One REST endpoint: its name (the part after `/v1/` or `/v2/`, or `token`), method and implementation.
struct RestOperation: Sendable {
    var name: String
    var method: String
    var body: BodyFormat
    var run: Operation
    /// The named segments of a resource path (`projectId`, `tenantId`), bound when the route matched.
    var pathParameters: [String: String] = [:]
    /// Operations the emulator's API description allows only with OAuth 2 (`Bearer owner`), not an API key.
    var adminOnly = false
    /// Legacy calls naming their project in the body (`targetProjectId`), which the emulator moves into the
    /// path; a body without one is refused with `INSUFFICIENT_PERMISSION`.
    var projectFromBody = false
}

/// The endpoints at the emulator's URL layout. Operations the emulator lists in its API description but
/// does not implement answer 501 with its `<operationId> is not implemented in the Auth Emulator.` text.
enum RestCatalog {
    static let identityToolkitPrefix = "/identitytoolkit.googleapis.com/"
    static let secureTokenPath = "/securetoken.googleapis.com/v1/token"
    static let legacyPrefix = "/www.googleapis.com/identitytoolkit/v3/relyingparty/"

    /// Legacy v3 names and the v1 names the emulator rewrites them to.
    static let legacyNames: [String: String] = [
        "createAuthUri": "accounts:createAuthUri",
        "deleteAccount": "accounts:delete",
        "emailLinkSignin": "accounts:signInWithEmailLink",
        "getAccountInfo": "accounts:lookup",
        "getOobConfirmationCode": "accounts:sendOobCode",
        "getProjectConfig": "projects",
        "getRecaptchaParam": "recaptchaParams",
        "publicKeys": "publicKeys",
        "resetPassword": "accounts:resetPassword",
        "sendVerificationCode": "accounts:sendVerificationCode",
        "setAccountInfo": "accounts:update",
        "setProjectConfig": "setProjectConfig",
        "signupNewUser": "accounts:signUp",
        "verifyAssertion": "accounts:signInWithIdp",
        "verifyCustomToken": "accounts:signInWithCustomToken",
        "verifyPassword": "accounts:signInWithPassword",
        "verifyPhoneNumber": "accounts:signInWithPhoneNumber",
    ]

    static func v1(_ name: String) -> RestOperation? {
        switch name {
        case "projects": RestOperation(name: name, method: "GET", body: .none, run: ProjectConfig.projects)
        case "recaptchaParams":
            RestOperation(name: name, method: "GET", body: .none, run: ProjectConfig.recaptchaParams)
        case "accounts:signUp": post(name, SignUp.run)
        case "accounts:signInWithPassword": post(name, SignInWithPassword.run)
        case "accounts:sendVerificationCode": post(name, SendVerificationCode.run)
        case "accounts:signInWithPhoneNumber": post(name, SignInWithPhoneNumber.run)
        case "accounts:sendOobCode": post(name, SendOobCode.run)
        case "accounts:signInWithEmailLink": post(name, SignInWithEmailLink.run)
        case "accounts:signInWithIdp": post(name, SignInWithIdp.run)
        case "accounts:signInWithCustomToken": post(name, SignInWithCustomToken.run)
        case "accounts:createAuthUri": post(name, CreateAuthUri.run)
        case "accounts:lookup": post(name, Lookup.run)
        case "accounts:update": post(name, UpdateAccount.run)
        case "accounts:delete": post(name, DeleteAccount.run)
        case "accounts:resetPassword": post(name, ResetPassword.run)
        case "accounts:issueSamlResponse": unimplemented(name, "POST", "identitytoolkit.accounts.issueSamlResponse")
        case "accounts:signInWithGameCenter":
            unimplemented(name, "POST", "identitytoolkit.accounts.signInWithGameCenter")
        case "accounts:verifyIosClient": unimplemented(name, "POST", "identitytoolkit.accounts.verifyIosClient")
        default: nil
        }
    }

    static func v2(_ name: String, revokeToken: EmbeddedBackend.RevokeTokenBehavior) -> RestOperation? {
        switch name {
        case "accounts/mfaEnrollment:start": post(name, MFAEnrollmentOperations.start)
        case "accounts/mfaEnrollment:finalize": post(name, MFAEnrollmentOperations.finalize)
        case "accounts/mfaEnrollment:withdraw": post(name, MFAEnrollmentOperations.withdraw)
        case "accounts/mfaSignIn:start": post(name, MFASignInOperations.start)
        case "accounts/mfaSignIn:finalize": post(name, MFASignInOperations.finalize)
        case "accounts:revokeToken":
            switch revokeToken {
            case .accept: post(name, RevokeToken.run)
            case .notImplemented: post(name, RevokeToken.notImplemented)
            }
        case "recaptchaConfig": RestOperation(name: name, method: "GET", body: .none, run: RecaptchaConfig.run)
        case "passwordPolicy": unimplemented(name, "GET", "identitytoolkit.getPasswordPolicy")
        default: nil
        }
    }

    /// v2 resource paths with named segments, each with its methods, matched in order.
    static let v2Resources: [(template: PathTemplate, method: String, body: BodyFormat, run: Operation)] = [
        (PathTemplate("projects/{projectId}/tenants"), "POST", .json, TenantOperations.create),
        (PathTemplate("projects/{projectId}/tenants"), "GET", .none, TenantOperations.list),
        (PathTemplate("projects/{projectId}/tenants/{tenantId}"), "GET", .none, TenantOperations.get),
        (PathTemplate("projects/{projectId}/tenants/{tenantId}"), "PATCH", .json, TenantOperations.patch),
        (PathTemplate("projects/{projectId}/tenants/{tenantId}"), "DELETE", .none, TenantOperations.delete),
    ]

    /// v1 paths naming the target project (the Admin SDK's), each with its method, matched in order. Callers
    /// must be authenticated (`Bearer owner`) to name a project; see ``RestHandler``.
    static let v1Resources: [(template: PathTemplate, method: String, body: BodyFormat, run: Operation)] = [
        (PathTemplate("projects/{projectId}/accounts"), "POST", .json, SignUp.run),
        (PathTemplate("projects/{projectId}/accounts:update"), "POST", .json, UpdateAccount.run),
        (PathTemplate("projects/{projectId}/accounts:delete"), "POST", .json, DeleteAccount.run),
        (PathTemplate("projects/{projectId}/accounts:lookup"), "POST", .json, Lookup.run),
        (PathTemplate("projects/{projectId}/accounts:query"), "POST", .json, QueryAccounts.run),
        (PathTemplate("projects/{projectId}/accounts:sendOobCode"), "POST", .json, SendOobCode.run),
        (PathTemplate("projects/{projectId}/accounts:batchCreate"), "POST", .json, AccountBatchOperations.batchCreate),
        (PathTemplate("projects/{projectId}/accounts:batchGet"), "GET", .none, AccountBatchOperations.batchGet),
        (PathTemplate("projects/{projectId}/accounts:batchDelete"), "POST", .json, AccountBatchOperations.batchDelete),
        (PathTemplate("projects/{projectId}:queryAccounts"), "POST", .json, QueryAccounts.run),
        (PathTemplate("projects/{projectId}:createSessionCookie"), "POST", .json, SessionCookie.create),
    ]

    /// The v1 project-path operation for `path` and `method`, its segments bound.
    static func v1Resource(_ path: String, method: String) -> RestOperation? {
        for resource in v1Resources where resource.method == method {
            guard let bound = resource.template.match(path) else { continue }
            return RestOperation(
                name: path, method: method, body: resource.body, run: resource.run, pathParameters: bound)
        }
        return nil
    }

    /// Legacy v3 account transfer names: the project comes from the body's `targetProjectId`.
    static func legacyTransfer(_ name: String) -> RestOperation? {
        let run: Operation
        switch name {
        case "downloadAccount": run = AccountBatchOperations.batchGet
        case "uploadAccount": run = AccountBatchOperations.batchCreate
        default: return nil
        }
        var operation = RestOperation(name: name, method: "POST", body: .json, run: run)
        operation.projectFromBody = true
        return operation
    }

    /// The v2 resource operation for `path` and `method`, its segments bound; admin only.
    static func v2Resource(_ path: String, method: String) -> RestOperation? {
        for resource in v2Resources where resource.method == method {
            guard let bound = resource.template.match(path) else { continue }
            return RestOperation(
                name: path, method: method, body: resource.body, run: resource.run, pathParameters: bound,
                adminOnly: true
            )
        }
        return nil
    }

    static let secureToken = RestOperation(name: "token", method: "POST", body: .formOrJSON, run: GrantToken.run)

    /// The emulator answers this legacy name itself rather than rewriting it.
    static let signOutUser = failing(
        "signOutUser", "POST", .notImplemented("signOutUser is not implemented in the Auth Emulator."))

    private static func post(_ name: String, _ run: @escaping Operation) -> RestOperation {
        RestOperation(name: name, method: "POST", body: .json, run: run)
    }

    private static func unimplemented(_ name: String, _ method: String, _ operationId: String) -> RestOperation {
        failing(name, method, .notImplemented("\(operationId) is not implemented in the Auth Emulator."))
    }

    private static func failing(_ name: String, _ method: String, _ error: APIError) -> RestOperation {
        RestOperation(name: name, method: method, body: .none) {
            (_: inout BackendState, _: inout OperationContext) throws(APIError) -> JSONObject in
            throw error
        }
    }
}
