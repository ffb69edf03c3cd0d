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
    /// Which state it runs in: the addressed project's or tenant's (``OperationLevel``).
    var level = OperationLevel.scoped
    /// Legacy calls naming their project in the body (`targetProjectId`), which the emulator moves into the
    /// path; a body without one is refused with `INSUFFICIENT_PERMISSION`.
    var projectFromBody = false
    /// Calls naming a project in their path (v1 admin paths, v2 tenants and config) or body: only `Bearer
    /// owner` may, as in the emulator, which refuses `targetProjectId` to any request that is not
    /// authenticated with OAuth 2 (``RestHandler``).
    var projectNeedsAdmin = false
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

    /// v1 operations addressed under a project's or a tenant's resource path (the Admin SDK's:
    /// `projects/{projectId}/accounts:lookup`, `projects/{projectId}/tenants/{tenantId}/accounts:lookup`), by the
    /// name after that path; the path's segments pick the state as a body's `tenantId` would.
    static let resourceOperations: [(name: String, method: String, body: BodyFormat, run: Operation)] = [
        ("accounts", "POST", .json, SignUp.run),
        ("accounts:delete", "POST", .json, DeleteAccount.run),
        ("accounts:lookup", "POST", .json, Lookup.run),
        ("accounts:sendOobCode", "POST", .json, SendOobCode.run),
        ("accounts:update", "POST", .json, UpdateAccount.run),
        ("accounts:query", "POST", .json, QueryAccounts.run),
        ("accounts:batchCreate", "POST", .json, AccountBatchOperations.batchCreate),
        ("accounts:batchGet", "GET", .none, AccountBatchOperations.batchGet),
        ("accounts:batchDelete", "POST", .json, AccountBatchOperations.batchDelete),
        (":queryAccounts", "POST", .json, QueryAccounts.run),
        (":createSessionCookie", "POST", .json, SessionCookie.create),
    ]

    /// Operations the emulator runs even in a tenant whose auth is disabled.
    static let runEvenWhenAuthDisabled: Set<String> = ["accounts:batchDelete", ":createSessionCookie"]

    static let v1ResourceBases = [
        PathTemplate("projects/{projectId}"), PathTemplate("projects/{projectId}/tenants/{tenantId}"),
    ]

    /// The v1 operation a project or tenant resource path names for `method` (`<base>/<name>` or
    /// `<base>:<method>`), its segments bound.
    static func v1Resource(_ path: String, method: String) -> RestOperation? {
        var segments = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        let name: String
        if segments.count == 3 || segments.count == 5 {
            name = segments.removeLast()
        } else if segments.count == 2 || segments.count == 4, let last = segments.last,
            let colon = last.firstIndex(of: ":")
        {
            name = String(last[colon...])
            segments[segments.count - 1] = String(last[..<colon])
        } else {
            return nil
        }
        let base = segments.joined(separator: "/")
        guard let bound = v1ResourceBases.lazy.compactMap({ $0.match(base) }).first,
            let entry = resourceOperations.first(where: { $0.name == name && $0.method == method })
        else { return nil }
        var operation = RestOperation(
            name: entry.name, method: method, body: entry.body, run: entry.run, pathParameters: bound)
        operation.projectNeedsAdmin = true
        if runEvenWhenAuthDisabled.contains(entry.name) { operation.level = .scopedEvenWhenAuthDisabled }
        return operation
    }

    static func v2(_ name: String, revokeToken: EmbeddedBackend.RevokeTokenBehavior) -> RestOperation? {
        switch name {
        case "accounts/mfaEnrollment:start": post(name, MFAEnrollmentOperations.start)
        case "accounts/mfaEnrollment:finalize": post(name, MFAEnrollmentOperations.finalize)
        case "accounts/mfaEnrollment:withdraw": post(name, MFAEnrollmentOperations.withdraw)
        case "accounts/mfaSignIn:start": post(name, MFASignInOperations.start)
        case "accounts/mfaSignIn:finalize": post(name, MFASignInOperations.finalize)
        case "accounts/passkeyEnrollment:start": post(name, PasskeyOperations.startEnrollment)
        case "accounts/passkeyEnrollment:finalize": post(name, PasskeyOperations.finalizeEnrollment)
        case "accounts/passkeySignIn:start": post(name, PasskeyOperations.startSignIn)
        case "accounts/passkeySignIn:finalize": post(name, PasskeyOperations.finalizeSignIn)
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
        operation.projectNeedsAdmin = true
        return operation
    }

    /// The project's v2 config: run in the project's state like the client calls, not at ``OperationLevel/project``.
    static let v2ConfigResources: [(template: PathTemplate, method: String, body: BodyFormat, run: Operation)] = [
        (PathTemplate("projects/{projectId}/config"), "GET", .none, ProjectConfigOperations.get),
        (PathTemplate("projects/{projectId}/config"), "PATCH", .json, ProjectConfigOperations.patch),
    ]

    /// OIDC and SAML provider configurations of a project or a tenant: run in the addressed scope, even in a
    /// tenant whose auth is disabled (configuring is the admin's, not a sign-in).
    static let v2ProviderConfigResources: [(template: PathTemplate, method: String, body: BodyFormat, run: Operation)] =
        ProviderConfigRegistry.Kind.allCases.flatMap { kind in
            ["projects/{projectId}", "projects/{projectId}/tenants/{tenantId}"].flatMap {
                base -> [(template: PathTemplate, method: String, body: BodyFormat, run: Operation)] in
                let collection = PathTemplate("\(base)/\(kind.rawValue)")
                let item = PathTemplate("\(base)/\(kind.rawValue)/{configId}")
                return [
                    (collection, "POST", .json, ProviderConfigOperations.create(kind)),
                    (collection, "GET", .none, ProviderConfigOperations.list(kind)),
                    (item, "GET", .none, ProviderConfigOperations.get(kind)),
                    (item, "PATCH", .json, ProviderConfigOperations.patch(kind)),
                    (item, "DELETE", .none, ProviderConfigOperations.delete(kind)),
                ]
            }
        }

    /// The v2 resource operation for `path` and `method`, its segments bound. Each names its project in the path,
    /// so each needs `Bearer owner` (``RestOperation/projectNeedsAdmin``), as in the emulator.
    static func v2Resource(_ path: String, method: String) -> RestOperation? {
        for resource in v2Resources where resource.method == method {
            guard let bound = resource.template.match(path) else { continue }
            return RestOperation(
                name: path, method: method, body: resource.body, run: resource.run, pathParameters: bound,
                level: .project, projectNeedsAdmin: true
            )
        }
        for resource in v2ConfigResources where resource.method == method {
            guard let bound = resource.template.match(path) else { continue }
            return RestOperation(
                name: path, method: method, body: resource.body, run: resource.run, pathParameters: bound,
                projectNeedsAdmin: true)
        }
        for resource in v2ProviderConfigResources where resource.method == method {
            guard let bound = resource.template.match(path) else { continue }
            return RestOperation(
                name: path, method: method, body: resource.body, run: resource.run, pathParameters: bound,
                level: .scopedEvenWhenAuthDisabled, projectNeedsAdmin: true)
        }
        return nil
    }

    static let secureToken = RestOperation(
        name: "token", method: "POST", body: .formOrJSON, run: GrantToken.run, level: .scopedEvenWhenAuthDisabled)

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

/// A REST resource path with named segments, e.g. `projects/{projectId}/tenants/{tenantId}` or
/// `projects/{projectId}:createSessionCookie`: matching a concrete path binds each `{name}` to its (non-empty)
/// segment, less any fixed text written after the brace.
struct PathTemplate: Sendable {
    private let segments: [Substring]

    init(_ template: String) {
        segments = template.split(separator: "/", omittingEmptySubsequences: false)
    }

    /// The bound segments, or `nil` when `path` does not have this shape.
    func match(_ path: String) -> [String: String]? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == segments.count else { return nil }
        var bound: [String: String] = [:]
        for (segment, part) in zip(segments, parts) {
            if segment.hasPrefix("{"), let close = segment.firstIndex(of: "}") {
                // `{name}` or `{name}:method`: the segment's text after the brace must end the part.
                let suffix = segment[segment.index(after: close)...]
                guard part.hasSuffix(suffix), part.count > suffix.count else { return nil }
                bound[String(segment[segment.index(after: segment.startIndex)..<close])] = String(
                    part.dropLast(suffix.count))
            } else if segment != part {
                return nil
            }
        }
        return bound
    }
}
