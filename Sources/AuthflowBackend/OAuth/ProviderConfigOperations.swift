import AuthflowPrimitives

/// The Admin API's OIDC and SAML provider configurations, as Identity Platform documents them and the Admin
/// SDK calls them (`createProviderConfig`, `getProviderConfig`, `listProviderConfigs`, `updateProviderConfig`,
/// `deleteProviderConfig`): v2 `projects/<id>[/tenants/<tenantId>]/oauthIdpConfigs[/<oidc.id>]` and
/// `…/inboundSamlConfigs[/<saml.id>]`, create (`POST ?oauthIdpConfigId=` / `?inboundSamlConfigId=`), get,
/// list (`pageSize`, `pageToken`), patch (`updateMask`) and delete. Admin only. The official emulator answers
/// these "not implemented"; the configurations are stored and answered, and sign-in does not consult them
/// (the emulator accepts any `oidc.`/`saml.` provider).
enum ProviderConfigOperations {
    /// `listProviderConfigs`' largest page, and its size when `pageSize` is absent.
    static let maximumPageSize = 100

    static func create(_ kind: ProviderConfigRegistry.Kind) -> Operation {
        { (state: inout BackendState, context: inout OperationContext) throws(APIError) -> JSONObject in
            let parameter = kind == .oidc ? "oauthIdpConfigId" : "inboundSamlConfigId"
            let id = context.query.nonEmptyValue(parameter) ?? ""
            try ensure(
                id.hasPrefix(kind.idPrefix) && id.count > kind.idPrefix.count && !id.contains("/"),
                "INVALID_CONFIG_ID : ((The \(parameter) must start with \"\(kind.idPrefix)\".))")
            guard state.providerConfigs.config(kind, id: id) == nil else {
                throw APIError(
                    code: 409, status: "ALREADY_EXISTS", message: "CONFIGURATION_EXISTS",
                    errors: [APIError.Item(message: "CONFIGURATION_EXISTS", reason: "conflict", domain: "global")])
            }
            var config = try checked(kind, try updatable(kind, context.body))
            config = resource(kind, id: id, state: state, config)
            state.providerConfigs.store(kind, id: id, config)
            return config
        }
    }

    static func get(_ kind: ProviderConfigRegistry.Kind) -> Operation {
        { (state: inout BackendState, context: inout OperationContext) throws(APIError) -> JSONObject in
            try stored(kind, context, state).config
        }
    }

    static func list(_ kind: ProviderConfigRegistry.Kind) -> Operation {
        { (state: inout BackendState, context: inout OperationContext) throws(APIError) -> JSONObject in
            let requested = context.query.value("pageSize").flatMap(Int.init) ?? 0
            let pageSize = requested <= 0 ? maximumPageSize : min(requested, maximumPageSize)
            let all = state.providerConfigs.list(kind, after: context.query.nonEmptyValue("pageToken"))
            let page = all.prefix(pageSize)
            var reply = JSONObject()
            if !page.isEmpty { reply[kind.rawValue] = .array(page.map { .object($0.config) }) }
            if all.count > pageSize { reply.set("nextPageToken", page.last?.id) }
            return reply
        }
    }

    /// `PATCH …?updateMask=a,b.c`: the masked fields from the body (every updatable field without a mask),
    /// then the whole configuration checked again.
    static func patch(_ kind: ProviderConfigRegistry.Kind) -> Operation {
        { (state: inout BackendState, context: inout OperationContext) throws(APIError) -> JSONObject in
            let (id, current) = try stored(kind, context, state)
            let update = try updatable(kind, context.body)
            var config = current
            if let mask = context.query.nonEmptyValue("updateMask") {
                config = UpdateMask.apply(mask, to: current, from: update)
            } else {
                config.merge(update)
            }
            config = resource(kind, id: id, state: state, try checked(kind, config))
            state.providerConfigs.store(kind, id: id, config)
            return config
        }
    }

    static func delete(_ kind: ProviderConfigRegistry.Kind) -> Operation {
        { (state: inout BackendState, context: inout OperationContext) throws(APIError) -> JSONObject in
            let (id, _) = try stored(kind, context, state)
            state.providerConfigs.remove(kind, id: id)
            return JSONObject()
        }
    }

    /// The configuration the path names, or 404 `CONFIGURATION_NOT_FOUND`.
    private static func stored(
        _ kind: ProviderConfigRegistry.Kind, _ context: OperationContext, _ state: BackendState
    ) throws(APIError) -> (id: String, config: JSONObject) {
        let id = context.pathParameters["configId"] ?? ""
        guard let config = state.providerConfigs.config(kind, id: id) else {
            throw APIError(
                code: 404, status: "NOT_FOUND", message: "CONFIGURATION_NOT_FOUND",
                errors: [APIError.Item(message: "CONFIGURATION_NOT_FOUND", reason: "notFound", domain: "global")])
        }
        return (id, config)
    }

    /// The fields of the body a client may set, type-checked (`name` is the server's; `spConfig.spCertificates`
    /// is output only).
    private static func updatable(
        _ kind: ProviderConfigRegistry.Kind, _ body: RequestFields
    ) throws(APIError) -> JSONObject {
        var config = JSONObject()
        switch kind {
        case .oidc:
            config.set("clientId", try body.string("clientId"))
            config.set("issuer", try body.string("issuer"))
            config.set("displayName", try body.string("displayName"))
            config.set("enabled", try body.bool("enabled"))
            config.set("clientSecret", try body.string("clientSecret"))
            if let responseType = try body.nested("responseType") {
                var types = JSONObject()
                for name in ["idToken", "code", "token"] { types.set(name, try responseType.bool(name)) }
                config["responseType"] = .object(types)
            }
        case .saml:
            if let idp = try body.nested("idpConfig") {
                var idpConfig = JSONObject()
                idpConfig.set("idpEntityId", try idp.string("idpEntityId"))
                idpConfig.set("ssoUrl", try idp.string("ssoUrl"))
                idpConfig.set("signRequest", try idp.bool("signRequest"))
                if let certificates = try idp.objectArray("idpCertificates") {
                    var list: [JSONValue] = []
                    for certificate in certificates {
                        var entry = JSONObject()
                        entry.set("x509Certificate", try certificate.string("x509Certificate"))
                        list.append(.object(entry))
                    }
                    idpConfig["idpCertificates"] = .array(list)
                }
                config["idpConfig"] = .object(idpConfig)
            }
            if let sp = try body.nested("spConfig") {
                var spConfig = JSONObject()
                spConfig.set("spEntityId", try sp.string("spEntityId"))
                spConfig.set("callbackUri", try sp.string("callbackUri"))
                config["spConfig"] = .object(spConfig)
            }
            config.set("displayName", try body.string("displayName"))
            config.set("enabled", try body.bool("enabled"))
        }
        return config
    }

    /// `config` when it is complete (production's `INVALID_CONFIG` otherwise), with the defaults filled in: not
    /// enabled, and an OIDC provider answering with an ID token.
    private static func checked(
        _ kind: ProviderConfigRegistry.Kind, _ config: JSONObject
    ) throws(APIError) -> JSONObject {
        var config = config
        if config["enabled"] == nil { config["enabled"] = false }
        switch kind {
        case .oidc:
            try ensure(!(config["clientId"]?.stringValue ?? "").isEmpty, "INVALID_CONFIG : ((Missing client ID.))")
            try ensure(isURL(config["issuer"]), "INVALID_CONFIG : ((The issuer must be a valid URL.))")
            var types = config["responseType"]?.objectValue ?? JSONObject([("idToken", true)])
            if types.isEmpty { types["idToken"] = true }
            let code = types["code"] == .bool(true)
            let idToken = types["idToken"] == .bool(true)
            try ensure(
                code != idToken,
                "INVALID_CONFIG : ((Exactly one of responseType.code and responseType.idToken must be true.))")
            if code {
                try ensure(
                    !(config["clientSecret"]?.stringValue ?? "").isEmpty,
                    "INVALID_CONFIG : ((A client secret is required for the code flow.))")
            }
            config["responseType"] = .object(types)
        case .saml:
            let idp = config["idpConfig"]?.objectValue ?? JSONObject()
            let sp = config["spConfig"]?.objectValue ?? JSONObject()
            try ensure(!(idp["idpEntityId"]?.stringValue ?? "").isEmpty, "INVALID_CONFIG : ((Missing IdP entity ID.))")
            try ensure(isURL(idp["ssoUrl"]), "INVALID_CONFIG : ((The SSO URL must be a valid URL.))")
            let certificates = idp["idpCertificates"]?.arrayValue ?? []
            try ensure(
                !certificates.isEmpty
                    && certificates.allSatisfy { !($0.objectValue?["x509Certificate"]?.stringValue ?? "").isEmpty },
                "INVALID_CONFIG : ((At least one IdP certificate is required.))")
            try ensure(!(sp["spEntityId"]?.stringValue ?? "").isEmpty, "INVALID_CONFIG : ((Missing SP entity ID.))")
            try ensure(isURL(sp["callbackUri"]), "INVALID_CONFIG : ((The callback URI must be a valid URL.))")
        }
        return config
    }

    private static func isURL(_ value: JSONValue?) -> Bool {
        guard let text = value?.stringValue, let parsed = AbsoluteURL(text) else { return false }
        return parsed.scheme == "https" || parsed.scheme == "http"
    }

    /// The stored resource: `name` first (`projects/<id>[/tenants/<tenantId>]/<collection>/<id>`), then `config`.
    private static func resource(
        _ kind: ProviderConfigRegistry.Kind, id: String, state: BackendState, _ config: JSONObject
    ) -> JSONObject {
        var base = "projects/\(state.projectID)"
        if let tenantID = state.tenantID { base += "/tenants/\(tenantID)" }
        var resource = JSONObject([("name", .string("\(base)/\(kind.rawValue)/\(id)"))])
        for (key, value) in config.entries where key != "name" { resource[key] = value }
        return resource
    }
}
