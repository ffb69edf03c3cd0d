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
