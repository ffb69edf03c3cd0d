import AuthflowPrimitives

/// A project's or tenant's OIDC and SAML provider configurations (`oauthIdpConfigs`, `inboundSamlConfigs`),
/// each kept as the resource the Admin API returns, by kind and provider ID (`oidc.…`, `saml.…`).
struct ProviderConfigRegistry: Sendable {
    /// The two kinds of configuration, by the collection name in their resource paths.
    enum Kind: String, Sendable, CaseIterable {
        case oidc = "oauthIdpConfigs"
        case saml = "inboundSamlConfigs"

        /// The prefix every provider ID of the kind has.
        var idPrefix: String {
            switch self {
            case .oidc: "oidc."
            case .saml: "saml."
            }
        }
    }

    private var configs: [Kind: [String: JSONObject]] = [:]

    func config(_ kind: Kind, id: String) -> JSONObject? {
        configs[kind]?[id]
    }

    /// The kind's configurations with IDs after `startToken`, in ascending ID order.
    func list(_ kind: Kind, after startToken: String?) -> [(id: String, config: JSONObject)] {
        let stored = configs[kind] ?? [:]
        return stored.keys.sorted().filter { startToken == nil || $0 > startToken ?? "" }.compactMap { id in
            stored[id].map { (id, $0) }
        }
    }

    mutating func store(_ kind: Kind, id: String, _ config: JSONObject) {
        configs[kind, default: [:]][id] = config
    }

    mutating func remove(_ kind: Kind, id: String) {
        configs[kind]?[id] = nil
    }

    mutating func removeAll() {
        configs.removeAll()
    }
}
