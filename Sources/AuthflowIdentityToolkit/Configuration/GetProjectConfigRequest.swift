/// GET v1 `projects`: the project's authorized domains, from which the hosted handler's auth domain is chosen.
public struct GetProjectConfigRequest: IdentityToolkitRequest, Hashable {
    /// The decoded reply.
    public typealias Response = GetProjectConfigResponse
    /// The endpoint this request calls.
    public static let endpoint = Endpoint.getProjectConfig

    /// An iOS bundle ID to check against the project's apps, sent as `iosBundleId`.
    public var iosBundleID: String?
    /// An Android package name to check, sent as `androidPackageName`.
    public var androidPackageName: String?

    /// A request; both parameters are optional.
    public init(iosBundleID: String? = nil, androidPackageName: String? = nil) {
        self.iosBundleID = iosBundleID
        self.androidPackageName = androidPackageName
    }

    /// The parameters after `key=`, in the order the SDKs send them.
    public var queryItems: [QueryItem] {
        var items: [QueryItem] = []
        if let iosBundleID { items.append(QueryItem(name: "iosBundleId", value: iosBundleID)) }
        if let androidPackageName { items.append(QueryItem(name: "androidPackageName", value: androidPackageName)) }
        return items
    }
}

/// The reply to ``GetProjectConfigRequest``.
public struct GetProjectConfigResponse: Sendable, Hashable, Decodable, RedactingDescription {
    /// The project number or ID, when sent.
    public let projectId: String?
    /// Domains allowed to host the sign-in handler and continue URLs; empty when none were sent.
    public let authorizedDomains: [String]

    private enum CodingKeys: String, CodingKey {
        case projectId, authorizedDomains
    }

    /// Decodes a reply; fields of an unexpected type count as absent.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        projectId = container.lenientString(.projectId)
        // iOS also accepts the list encoded as a JSON string.
        authorizedDomains = container.lenientStrings(.authorizedDomains) ?? []
    }
}
