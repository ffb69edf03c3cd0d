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
