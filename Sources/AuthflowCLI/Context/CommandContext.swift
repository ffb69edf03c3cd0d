import AuthflowCore
import AuthflowHTTP
import AuthflowIdentityToolkit
import AuthflowListener
import AuthflowLocalization
import AuthflowPrimitives
import AuthflowStorage
import Foundation

/// What a command that talks to Firebase starts from: the resolved configuration and the state directory.
struct CommandContext {
    let configuration: ProjectConfiguration
    let stateRoot: StateDirectory
    let verbose: Bool
    /// How long the command's requests to Firebase may take in all (`AUTHFLOW_REQUEST_TIMEOUT`, seconds),
    /// however many they are, retries of safe calls and the waits between them included; the web SDK's 30 s by
    /// default.
    let requestTimeout: Duration
    /// ``requestTimeout``, shared by every request the command's clients send: each gets what is left of it.
    /// Time spent waiting for the person (a browser, a code to type) is not counted.
    let requestBudget: RequestBudget
    /// Gets reCAPTCHA Enterprise tokens for App Check in the browser; set by commands that open a browser
    /// anyway (``useBrowserForAppCheck(_:templates:)``), nil for the others.
    var appCheckPage: RecaptchaEnterpriseTokenPage?

    /// Loads configuration from the flags (`options`', and a command's own in `moreFlags`), the environment and
    /// the files; problems are usage errors.
    init(
        options: ProjectOptions,
        moreFlags: ConfigurationLayer = .init(),
        verbose: Bool = false,
        environment: [String: String] = ProcessEnvironment.current()
    ) throws(CommandFailure) {
        self.verbose = verbose
        requestTimeout = try Self.requestTimeout(environment["AUTHFLOW_REQUEST_TIMEOUT"])
        requestBudget = RequestBudget(total: requestTimeout)
        do {
            var flags = options.flagLayer
            flags.values.merge(moreFlags.values) { project, _ in project }
            configuration = try ConfigurationLoader(
                flags: flags, environment: environment, configPath: options.configPath
            ).load()
        } catch {
            throw .from(error)
        }
        // A configuration file's `lang` is known only now.
        if let code = configuration.languageCode, let language = DisplayLanguage(parsing: code),
            language != MessageCatalogue.language
        {
            LanguageArgument.use(language, environment: environment)
        }
        Self.warnAboutIgnoredValues(configuration, environment: environment)
        do {
            stateRoot = try StateDirectory.resolve(explicit: options.stateDirectory, environment: environment)
        } catch {
            throw .from(error)
        }
    }

    /// The Identity Toolkit client for this project; with `--verbose` it logs each exchange to standard error.
    func client() throws(CommandFailure) -> IdentityToolkitClient {
        let settings: IdentityToolkitConfiguration
        do {
            settings = try configuration.identityToolkitConfiguration()
        } catch {
            throw .from(error)
        }
        var http = HTTPClientConfiguration()
        http.totalTimeout = requestTimeout
        http.connectTimeout = min(http.connectTimeout, requestTimeout)
        http.budget = requestBudget
        http.userAgent = "authflow/\(AuthflowVersion.current)"
        var observer: (@Sendable (ExchangeRecord) -> Void)?
        if verbose {
            observer = { record in StandardError.write("authflow: \(record.description)") }
        }
        let client = IdentityToolkitClient(
            configuration: settings, http: HTTPClient(configuration: http), observer: observer)
        return client.withAppCheck(appCheckSupply(exchanger: client, page: appCheckPage))
    }

    /// The App Check token provider for the configured source, if any and App Check is used at all (against
    /// an Auth emulator only with `--app-check-url`); tokens are cached in the project's state directory. `page`
    /// gets reCAPTCHA Enterprise tokens when this command has a browser page. When obtaining a token fails,
    /// requests carry the SDKs' placeholder after one warning line.
    func appCheckSupply(
        exchanger: IdentityToolkitClient, page: RecaptchaEnterpriseTokenPage? = nil
    ) -> AppCheckTokenSupply? {
        guard let setting = configuration.appCheckSource, configuration.usesAppCheck else { return nil }
        return AppCheckTokenSupply(
            setting: setting, projectID: configuration.projectID, appID: configuration[.appID], exchanger: exchanger,
            cache: configuration.stateDirectory(under: stateRoot).map(AppCheckTokenCache.init), page: page,
            onPlaceholder: { failure in StandardError.write(AppCheckWording.placeholderWarning(failure)) })
    }

    /// One warning line for each command or host a file found in the working directory set and was not let
    /// set, saying how to allow it.
    static func warnAboutIgnoredValues(_ configuration: ProjectConfiguration, environment: [String: String]) {
        let userFile = IgnoredConfigurationValue.userFile(environment: environment)
        for ignored in configuration.ignoredValues {
            StandardError.write(ignored.cliWarning(userFile: userFile))
        }
    }

    static func requestTimeout(_ text: String?) throws(CommandFailure) -> Duration {
        guard let text, !text.isEmpty else { return .seconds(30) }
        guard let seconds = Double(text), seconds.isFinite, seconds > 0, seconds <= 3600 else {
            throw CommandFailure(
                localized(
                    "AUTHFLOW_REQUEST_TIMEOUT=\(text) is not a number of seconds between 0 and 3600; "
                        + "unset it for the default 30."),
                status: .usage)
        }
        return .milliseconds(Int((seconds * 1000).rounded(.up)))
    }

    /// Reports a failure, adding the server's raw string under `--verbose`.
    func report(_ failure: CommandFailure) -> CommandFailure {
        if verbose, let code = failure.serverCode { StandardError.write(localized("authflow: server said: \(code)")) }
        return failure
    }

    /// The project's state directory; needs a project ID, since sessions are kept per project.
    func projectDirectory() throws(CommandFailure) -> ProjectStateDirectory {
        guard let directory = configuration.stateDirectory(under: stateRoot) else {
            throw .from(ConfigurationError.missing(.projectID, purpose: localized("Keeping a session")))
        }
        return directory
    }

    /// The session store of this project.
    func sessionStore() throws(CommandFailure) -> SessionStore {
        SessionStore(directory: try projectDirectory())
    }

    /// The stored session, or a refusal (exit 1) that says how to sign in.
    func requireSession() throws(CommandFailure) -> (SessionStore, UserSession) {
        let store = try sessionStore()
        let loaded: UserSession?
        do {
            loaded = try store.load()
        } catch {
            throw .from(error)
        }
        guard let session = loaded else { throw .from(SessionError.notSignedIn(project: namedProject)) }
        return (store, session)
    }

    /// The project as messages name it: `my-project`, `my-project (tenant t1)`, `demo (emulator 127.0.0.1:9099)`.
    var projectLabel: String {
        namedProject.cliLabel
    }

    /// The configured project as a value for errors that name it; "this project" when no ID is configured.
    var namedProject: SessionProject {
        SessionProject(
            projectID: configuration.projectID ?? localized("this project"), tenantID: configuration.tenantID,
            emulatorHost: configuration.emulatorHost)
    }
}

extension CommandContext {
    /// Lets App Check's reCAPTCHA Enterprise source open its page in the browser this command uses anyway,
    /// with the same `--browser` / `--no-browser` choice.
    mutating func useBrowserForAppCheck(_ browser: BrowserOptions, templates: TemplateDirectory) {
        appCheckPage = Self.appCheckPage(browser, templates: templates, project: namedProject)
    }

    /// App Check's token page in a browser (``RecaptchaBrowserTokenSource``, action `fire_app_check`), waited
    /// for up to five minutes.
    static func appCheckPage(
        _ browser: BrowserOptions, templates: TemplateDirectory, script: RecaptchaScript = .google,
        project: SessionProject
    ) -> RecaptchaEnterpriseTokenPage {
        let timeout = Duration.seconds(300)
        return RecaptchaBrowserTokenSource(
            interaction: TerminalRecaptchaInteraction(timeout: timeout, forAppCheck: true), script: script,
            round: BrowserRoundOptions(
                timeout: timeout, templates: templates, rendezvous: nil, presentation: browser.presentation)
        ).appCheckPage(project: project)
    }
}

extension CommandContext {
    /// The signed-in user's second factors; nobody signed in is a refusal (1) that says how to sign in.
    func enrolledFactorService() throws(CommandFailure) -> EnrolledFactorService {
        _ = try requireSession()
        return EnrolledFactorService(try flowEnvironment())
    }
}
