import ArgumentParser
import AuthflowCore
import AuthflowIdentityToolkit
import AuthflowPrimitives

/// `authflow config show`: every setting, its value and where it came from.
struct ConfigShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        _superCommandName: "authflow",
        abstract: "Print the resolved configuration and where each value came from.",
        discussion: """
            Precedence, highest first: flags (--api-key, --project-id, --auth-domain, --app-id, --client-id, \
            --ios-bundle-id, --tenant-id, --emulator, --lang); environment (FIREBASE_API_KEY, \
            FIREBASE_PROJECT_ID, FIREBASE_AUTH_DOMAIN, FIREBASE_APP_ID, FIREBASE_CLIENT_ID, \
            FIREBASE_IOS_BUNDLE_ID, FIREBASE_TENANT_ID, FIREBASE_AUTH_EMULATOR_HOST, AUTHFLOW_LANG); the file \
            given with --config; your own $XDG_CONFIG_HOME/authflow/config.json (~/.config/authflow/config.json); \
            then, without --config, these files in the working directory, earlier ones first: authflow.json, \
            GoogleService-Info.plist, google-services.json, firebase-config.json.

            A file found in the working directory supplies identifiers only (API key, project, app and client \
            IDs, auth domain, tenant, language, App Check debug token and site key, Android package and \
            certificate, referrer). A command (appCheckTokenCommand) or host (emulatorHost) in it is ignored with \
            a warning and listed here; name the file with --config, or put the setting in your own file, to \
            allow it. Your own file is refused when another user owns it or others can write it.

            When no auth domain is configured it is derived as the SDKs do, from the project's authorized \
            domains (one request to getProjectConfig; --offline skips it). The API key is shown masked.

            \(HelpEnding.text(statuses: AuthflowExitCode.always, examples: examples))
            """
    )

    /// The command lines its help shows (`HelpEndingTests` parses each one).
    static let examples = [
        "authflow config show",
        "authflow config show --config GoogleService-Info.plist --offline",
        "authflow config show --json",
    ]

    @OptionGroup(title: "Project")
    var project: ProjectOptions

    @OptionGroup var format: JSONOutputOptions<ReplacedTable>

    @Flag(help: "Do not contact Firebase to derive the auth domain.")
    var offline = false

    @OptionGroup(title: "Output")
    var output: OutputOptions

    func run() async throws {
        let context = try CommandContext(options: project, verbose: output.verbose)
        var configuration = context.configuration
        var derivationProblem: String?
        if !offline, configuration.authDomain == nil, configuration.apiKey != nil {
            let client = try context.client()
            do {
                configuration = try await AuthDomainResolver(client: client).resolve(configuration)
            } catch {
                derivationProblem = error.cliMessage
            }
        }
        let statePath = configuration.stateDirectory(under: context.stateRoot)?.path
        let standardOutput = StandardOutput()
        if format.json {
            standardOutput.write(
                bytes: JSONLineWriter.line(
                    ConfigurationPresentation.json(
                        configuration, statePath: statePath, derivationProblem: derivationProblem)))
        } else {
            standardOutput.write(
                ConfigurationPresentation.text(
                    configuration, statePath: statePath, derivationProblem: derivationProblem,
                    userFile: IgnoredConfigurationValue.userFile(environment: ProcessEnvironment.current())) + "\n")
        }
        standardOutput.flush()
    }
}
