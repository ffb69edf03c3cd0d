/// A REST resource path with named segments, e.g. `projects/{projectId}/tenants/{tenantId}`: matching a
/// concrete path binds each `{name}` to its (non-empty) segment.
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
            if segment.hasPrefix("{"), segment.hasSuffix("}") {
                guard !part.isEmpty else { return nil }
                bound[String(segment.dropFirst().dropLast())] = String(part)
            } else if segment != part {
                return nil
            }
        }
        return bound
    }
}
