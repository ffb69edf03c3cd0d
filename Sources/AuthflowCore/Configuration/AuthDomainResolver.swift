import AuthflowIdentityToolkit

/// Fills in the auth domain when it is not configured, as the SDKs do: from the project's authorized domains
/// (getProjectConfig), the first `*.firebaseapp.com`, else the first `*.web.app`.
public struct AuthDomainResolver: Sendable {
    private let client: IdentityToolkitClient

    /// A resolver asking through `client`.
    public init(client: IdentityToolkitClient) {
        self.client = client
    }

    /// `configuration` with its auth domain set. One worked out already (an emulator's, which is the emulator
    /// itself) is kept. A configured one is kept when it is the project's default `<project>.firebaseapp.com`,
    /// else only after checking that its host is among the project's authorized domains, so no browser opens
    /// on a handler that would refuse to finish. Fails with a configuration error when the project has no
    /// default domain or does not authorize the configured one.
    public func resolve(_ configuration: ProjectConfiguration) async throws(AuthDomainError) -> ProjectConfiguration {
        if let configured = configuration.values[.authDomain] {
            switch configured.source {
            case .derived, .defaultValue: return configuration
            case .flag, .environment, .file: break
            }
            guard !Self.isDefault(configured.value, of: configuration) else { return configuration }
            let domains = try await authorizedDomains()
            let host = Self.host(of: configured.value)
            guard domains.contains(where: { $0.lowercased() == host }) else {
                throw .notAuthorized(domain: configured.value, authorizedDomains: domains)
            }
            return configuration
        }
        let domains = try await authorizedDomains()
        guard let domain = AuthDomainSelection.choose(from: domains) else {
            throw .noDefaultDomain(authorizedDomains: domains)
        }
        var resolved = configuration
        resolved.derive(.authDomain, domain, how: .derived(.authorizedDomains))
        return resolved
    }

    private func authorizedDomains() async throws(AuthDomainError) -> [String] {
        do {
            return try await client.send(GetProjectConfigRequest()).authorizedDomains
        } catch {
            throw .lookupFailed(error)
        }
    }

    /// `domain` lower-cased without a port: authorized domains are host names.
    private static func host(of domain: String) -> String {
        let lowered = domain.lowercased()
        guard let colon = lowered.lastIndex(of: ":"), !lowered.hasSuffix("]"),
            lowered[lowered.index(after: colon)...].allSatisfy(\.isNumber)
        else { return lowered }
        return String(lowered[..<colon])
    }

    /// Whether `domain` is `<project>.firebaseapp.com`, which Firebase always authorizes.
    private static func isDefault(_ domain: String, of configuration: ProjectConfiguration) -> Bool {
        guard let projectID = configuration.projectID else { return false }
        return domain.lowercased() == "\(projectID.lowercased()).firebaseapp.com"
    }
}

/// Why the auth domain could not be worked out.
public enum AuthDomainError: Error, Sendable, CustomStringConvertible {
    /// getProjectConfig failed.
    case lookupFailed(IdentityToolkitError)
    /// The project lists no `*.firebaseapp.com` or `*.web.app` domain.
    case noDefaultDomain(authorizedDomains: [String])
    /// The configured auth domain is not among the project's authorized domains.
    case notAuthorized(domain: String, authorizedDomains: [String])

    public var description: String {
        switch self {
        case .lookupFailed(let error):
            "Could not look up the project's auth domain: \(error). Configure the auth domain to skip the lookup."
        case .noDefaultDomain(let domains):
            "The project's authorized domains (\(domains.joined(separator: ", "))) include no *.firebaseapp.com "
                + "or *.web.app domain. Configure the auth domain as the domain that serves /__/auth/handler."
        case .notAuthorized(let domain, let domains):
            "The auth domain \(domain) is not among the project's authorized domains (\(domains.joined(separator: ", "))). "
                + "Add it under Authentication → Settings → Authorized domains in the Firebase console, or "
                + "configure one of those."
        }
    }
}

/// Chooses the auth domain among a project's authorized domains the way the SDKs do: the first
/// `*.firebaseapp.com`, else the first `*.web.app`.
///
/// Unlike the iOS SDK, a match must end at a label boundary, so `evilfirebaseapp.com` is never chosen.
public enum AuthDomainSelection {
    /// The domain to use, or nil when the project has neither kind.
    public static func choose(from authorizedDomains: [String]) -> String? {
        for suffix in [".firebaseapp.com", ".web.app"] {
            if let match = authorizedDomains.first(where: { isDefaultDomain($0.lowercased(), suffix: suffix) }) {
                return match.lowercased()
            }
        }
        return nil
    }

    private static func isDefaultDomain(_ domain: String, suffix: String) -> Bool {
        domain.hasSuffix(suffix) && domain.count >= suffix.count + 2
    }
}
