import AuthflowIdentityToolkit

/// Fills in the auth domain when it is not configured, as the SDKs do: from the project's authorized domains
/// (getProjectConfig), the first `*.firebaseapp.com`, else the first `*.web.app`.
public struct AuthDomainResolver: Sendable {
    private let client: IdentityToolkitClient

    /// A resolver asking through `client`.
    public init(client: IdentityToolkitClient) {
        self.client = client
    }

    /// `configuration` with its auth domain set. An emulator already has one (itself). A configured domain is
    /// kept when it is the project's default `<project>.firebaseapp.com`, or after checking that it is among
    /// the project's authorized domains, so no browser opens on a handler that would refuse to finish. Fails
    /// with a configuration error when the project has no default domain or does not authorize the configured
    /// one.
    public func resolve(_ configuration: ProjectConfiguration) async throws(AuthDomainError) -> ProjectConfiguration {
        if let configured = configuration.authDomain {
            guard configuration.emulatorHost == nil, !Self.isDefault(configured, of: configuration) else {
                return configuration
            }
            let domains = try await authorizedDomains()
            guard domains.contains(where: { $0.lowercased() == configured.lowercased() }) else {
                throw .notAuthorized(domain: configured, authorizedDomains: domains)
            }
            return configuration
        }
        let domains = try await authorizedDomains()
        guard let domain = AuthDomainSelection.choose(from: domains) else {
            throw .noDefaultDomain(authorizedDomains: domains)
        }
        var resolved = configuration
        resolved.derive(.authDomain, domain, how: .derived("the project's authorized domains (getProjectConfig)"))
        return resolved
    }

    private func authorizedDomains() async throws(AuthDomainError) -> [String] {
        do {
            return try await client.send(GetProjectConfigRequest()).authorizedDomains
        } catch {
            throw .lookupFailed(error)
        }
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
