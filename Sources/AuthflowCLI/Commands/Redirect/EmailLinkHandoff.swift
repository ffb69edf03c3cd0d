import AuthflowCore
import AuthflowLocalization
import AuthflowParsing

/// `handle-url` with an email sign-in link no flow was waiting for: complete it as `email-link complete`
/// would, with the pending address and never a prompt (the desktop runs it, nobody is at a terminal).
///
/// The desktop passes no project flags and usually runs in the home directory, so when the flags, the
/// environment and the files there do not name a project, the project is the one whose pending link
/// matches (see ``PendingEmailLinkSearch``).
struct EmailLinkHandoff {
    let options: ProjectOptions

    /// Completes `link`, which `handle-url` already inspected, and prints the result (as JSON when `json`).
    func complete(_ link: EmailSignInLink, json: Bool) async throws(CommandFailure) {
        let configured = try CommandContext(options: options)
        let context: CommandContext
        if configured.configuration.apiKey != nil, configured.configuration.projectID != nil {
            context = configured
        } else {
            guard let match = PendingEmailLinkSearch.matches(for: link.action, under: configured.stateRoot).first else {
                throw CommandFailure(
                    localized(
                        "No sign-in link sent from this machine matches this one, so authflow does not know the "
                            + "address "
                            + "it was sent to or its project. Run `authflow email-link complete URL --email ADDRESS` "
                            + "with the project's settings. The link was not used."),
                    status: .refused)
            }
            context = CommandContext(
                configuration: Self.configuration(of: match.pending), stateRoot: configured.stateRoot, verbose: false)
        }
        try await EmailLinkFinisher(context: context, inspector: LinkInspector(resolver: nil))
            .run(.signInLink(link), purpose: .signIn, email: nil, askForEmail: nil, json: json, handoff: true)
    }

    /// The project a pending link was sent from, as a configuration.
    static func configuration(of pending: PendingEmailLink) -> ProjectConfiguration {
        let source = ConfigurationSource.derived(.pendingSignInLink)
        var values: [ConfigurationKey: ConfiguredValue] = [
            .apiKey: ConfiguredValue(value: pending.apiKey, source: source),
            .projectID: ConfiguredValue(value: pending.project.projectID, source: source),
        ]
        if let tenant = pending.project.tenantID { values[.tenantID] = ConfiguredValue(value: tenant, source: source) }
        if let host = pending.project.emulatorHost {
            values[.emulatorHost] = ConfiguredValue(value: host, source: source)
        }
        return ProjectConfiguration(values: values)
    }
}
