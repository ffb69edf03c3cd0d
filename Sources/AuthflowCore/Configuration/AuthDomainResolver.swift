import AuthflowIdentityToolkit

/// Fills in the auth domain when it is not configured, as the SDKs do: from the project's authorized domains
/// (getProjectConfig), the first `*.firebaseapp.com`, else the first `*.web.app`.
public struct AuthDomainResolver: Sendable {
    private let client: IdentityToolkitClient

    /// A resolver asking through `client`.
    public init(client: IdentityToolkitClient) {
        self.client = client
    }

    /// `configuration` with its auth domain set. A configured domain is kept as it is; an emulator already has
    /// one (itself). Fails with a configuration error when the project has no default domain.
    public func resolve(_ configuration: ProjectConfiguration) async throws(AuthDomainError) -> ProjectConfiguration {
        guard configuration.authDomain == nil else { return configuration }
        let domains: [String]
        do {
            domains = try await client.send(GetProjectConfigRequest()).authorizedDomains
        } catch {
            throw .lookupFailed(error)
        }
        guard let domain = AuthDomainSelection.choose(from: domains) else {
            throw .noDefaultDomain(authorizedDomains: domains)
        }
        var resolved = configuration
        resolved.derive(.authDomain, domain, how: .derived("the project's authorized domains (getProjectConfig)"))
        return resolved
    }
}

/// Why the auth domain could not be worked out.
public enum AuthDomainError: Error, Sendable, CustomStringConvertible {
    /// getProjectConfig failed.
    case lookupFailed(IdentityToolkitError)
    /// The project lists no `*.firebaseapp.com` or `*.web.app` domain.
    case noDefaultDomain(authorizedDomains: [String])

    public var description: String {
        switch self {
        case .lookupFailed(let error):
            "Could not look up the project's auth domain: \(error). Configure the auth domain to skip the lookup."
        case .noDefaultDomain(let domains):
            "The project's authorized domains (\(domains.joined(separator: ", "))) include no *.firebaseapp.com "
                + "or *.web.app domain. Configure the auth domain as the domain that serves /__/auth/handler."
        }
    }
}
