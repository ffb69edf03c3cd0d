import AuthflowHTTP
import AuthflowPrimitives

/// A 3xx reply to an Identity Toolkit, secure-token or App Check call, which the client refuses to follow.
///
/// Following it would send the API key in the query, the body (passwords, codes, refresh tokens) and the
/// headers to wherever `Location` points. Only the target's host is kept: the rest of the address may itself
/// carry something secret.
public struct RefusedRedirect: Sendable, Hashable, CustomStringConvertible {
    /// The 3xx status the backend answered.
    public let status: Int
    /// The host `Location` named, or `nil` when the header was missing or not a URL.
    public let locationHost: String?

    /// A refused redirect with these parts.
    public init(status: Int, locationHost: String?) {
        self.status = status
        self.locationHost = locationHost
    }

    /// The redirect `response` carries, or `nil` when it is not a 3xx.
    init?(_ response: HTTPResponse) {
        guard (300..<400).contains(response.status) else { return nil }
        let host = response.location.flatMap { URLParts($0)?.host }.flatMap { $0.isEmpty ? nil : $0 }
        self.init(status: response.status, locationHost: host)
    }

    /// What happened and what to check, naming the status and the target's host.
    public var description: String {
        let target = locationHost.map { " to \($0)" } ?? ""
        return "Firebase Auth answered with a redirect (HTTP \(status))\(target). Redirects are never followed, so "
            + "nothing was sent there and nothing was saved. Check the backend address, proxy settings and "
            + "network: Firebase Auth itself does not redirect these calls."
    }
}
