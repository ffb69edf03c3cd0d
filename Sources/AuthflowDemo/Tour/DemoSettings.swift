import AuthflowListener

/// How the tour runs.
public struct DemoSettings: Sendable {
    /// The `authflow` binary whose commands the tour shows and runs (normally the running one).
    public var executable: String
    /// Let a person do the browser steps and answer the prompts, instead of the tour doing it.
    public var interactive: Bool
    /// Keep the private state directory afterwards (it is always kept when a step fails).
    public var keepState: Bool
    /// The flows to walk through, in tour order.
    public var steps: [DemoStepKind]
    /// Where the backend's pages come from.
    public var templates: TemplateDirectory
    /// Let headless Chromium click through the browser pages when it is installed; when false (or it is
    /// missing) the Apple step takes the identity-token route instead.
    public var headlessBrowser: Bool
    /// Passed on to the tour's commands as `--browser` (interactive mode).
    public var browser: String?
    /// The environment the tour's commands inherit (minus any Firebase and proxy settings).
    public var environment: [String: String]
    /// The language the tour's commands speak (`AUTHFLOW_LANG` for each), when one was asked for.
    public var language: String?

    /// Settings for a tour of `steps` run by `executable`.
    public init(
        executable: String, interactive: Bool = false, keepState: Bool = false,
        steps: [DemoStepKind] = DemoStepKind.allCases, templates: TemplateDirectory = .standard(),
        headlessBrowser: Bool = true, browser: String? = nil, environment: [String: String]
    ) {
        self.headlessBrowser = headlessBrowser
        self.executable = executable
        self.interactive = interactive
        self.keepState = keepState
        self.steps = steps
        self.templates = templates
        self.browser = browser
        self.environment = environment
    }
}
