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
