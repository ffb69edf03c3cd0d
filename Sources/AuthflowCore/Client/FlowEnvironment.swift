import AuthflowIdentityToolkit

/// What every sign-in flow works with: the client for Firebase Auth, the project's configuration (for the
/// callback scheme, auth domain and tenant), the project a finished session belongs to, and the directory its
/// sessions and pending state live in. Built once by the caller (the CLI's `CommandContext`) and handed whole
/// to every flow and service: ``EmailLinkSender``, ``EmailLinkCompletion``, ``PasswordSignIn``,
/// ``PhoneSignIn``, ``PhoneCodeConfirmation``, ``AppleSignIn``, ``AppleTokenRevocation``,
/// ``SecondFactorSignIn``, ``SecondFactorEnrollment``, ``EnrolledFactorService`` and ``AccountService``.
public struct FlowEnvironment: Sendable {
    /// Sends the Identity Toolkit requests.
    public var client: IdentityToolkitClient
    /// The project's resolved configuration.
    public var configuration: ProjectConfiguration
    /// The project, tenant and backend sessions are stored for.
    public var project: SessionProject
    /// Where sessions and pending flows are kept.
    public var directory: ProjectStateDirectory

    /// The environment of flows for `project`, talking through `client` and keeping state in `directory`.
    public init(
        client: IdentityToolkitClient, configuration: ProjectConfiguration, project: SessionProject,
        directory: ProjectStateDirectory
    ) {
        self.client = client
        self.configuration = configuration
        self.project = project
        self.directory = directory
    }
}
