import AuthflowIdentityToolkit
import AuthflowParsing
import AuthflowPrimitives

/// Decides whether a sign-in link belongs to the configured project and tenant before its code is spent.
///
/// A link carries the API key it was requested with, not a project ID, and one project has several keys
/// (one per app), so a key other than ours is not proof of another project: Firebase is asked which
/// project each key belongs to. The emulator writes `fake-api-key` into every link and maps every key to
/// its one project, so against an emulator only that key (or ours) is accepted.
struct EmailLinkProjectCheck: Sendable {
    /// The key the Auth Emulator writes into every action link.
    static let emulatorAPIKey = "fake-api-key"

    let client: IdentityToolkitClient
    let project: SessionProject

    func check(_ action: ActionCodeURL) async throws(EmailLinkError) {
        // The web SDK refuses a tenant mismatch before sending (auth/tenant-id-mismatch); so does this.
        let configuredTenant = client.configuration.tenantID.flatMap { $0.isEmpty ? nil : $0 }
        guard action.tenantID == configuredTenant else {
            throw .otherTenant(linkTenant: action.tenantID, configuredTenant: configuredTenant)
        }
        let ourKey = client.configuration.apiKey
        guard action.apiKey != ourKey else { return }
        let isEmulator = if case .emulator = client.configuration.server { true } else { false }
        if isEmulator {
            guard action.apiKey == Self.emulatorAPIKey else { throw refusal(.notFromThisEmulator, action) }
            return
        }
        guard action.apiKey != Self.emulatorAPIKey else { throw refusal(.emulatorLink, action) }

        // The lookup only makes the refusal early and clear: the sign-in itself is sent with our key, and the
        // server refuses a code of another project anyway. So whatever cannot be told apart (a key restricted
        // to an app, a reply without a project) is let through; only a known mismatch or a key Firebase
        // rejects outright is refused.
        let theirs: GetProjectConfigResponse
        do {
            theirs = try await projectConfig(apiKey: action.apiKey)
        } catch {
            if error.serverError?.code == .invalidAPIKey { throw refusal(.unknownKey, action) }
            if error.serverError != nil, !error.isBackendUnavailable { return }
            throw .signIn(.service(error))
        }
        let ours: GetProjectConfigResponse
        do {
            ours = try await projectConfig(apiKey: ourKey)
        } catch {
            if error.serverError != nil, !error.isBackendUnavailable { return } // The sign-in will say it better.
            throw .signIn(.service(error))
        }
        guard let theirProject = theirs.projectId, let ourProject = ours.projectId else { return }
        guard theirProject == ourProject else {
            throw refusal(.differentProject(linkProject: theirProject, linkDomains: theirs.authorizedDomains), action)
        }
    }

    /// `GET v1/projects` with `apiKey`: which project (by number) the key belongs to.
    private func projectConfig(apiKey: String) async throws(IdentityToolkitError) -> GetProjectConfigResponse {
        var configuration = client.configuration
        configuration.apiKey = apiKey
        // Our App Check token is for our app: it goes with our key only, never to another project.
        let lookup = IdentityToolkitClient(
            configuration: configuration, http: client.http, observer: client.observer,
            appCheck: apiKey == client.configuration.apiKey ? client.appCheck : nil)
        return try await lookup.send(GetProjectConfigRequest())
    }

    private func refusal(_ reason: OtherProjectLink.Reason, _ action: ActionCodeURL) -> EmailLinkError {
        .otherProject(
            OtherProjectLink(
                reason: reason, linkAPIKey: action.apiKey, linkHost: URLParts(action.link)?.hostAndPort,
                ourProject: project.label, ourAPIKey: client.configuration.apiKey))
    }
}
