import AuthflowListener

/// Shows the token page and waits for its answer; the CLI does this at a terminal (browser, Ctrl-C,
/// the countdown).
public protocol RecaptchaPageInteraction: Sendable {
    /// Shows the page at `url`, whose answer `listener` receives.
    func present(
        url: String, for request: RecaptchaTokenRequest, listener: RedirectListener<LoopbackRecaptchaTokenPage.Answer>
    ) async
    /// Waits for the page's answer.
    func waitForAnswer(
        from listener: RedirectListener<LoopbackRecaptchaTokenPage.Answer>
    ) async throws(RecaptchaProtectionError) -> LoopbackRecaptchaTokenPage.Answer
}

/// Gets each token from ``LoopbackRecaptchaTokenPage`` in a browser, on a loopback listener started for
/// that token and stopped after it.
public struct RecaptchaBrowserTokenSource: RecaptchaTokenSource {
    /// Where the page loads reCAPTCHA Enterprise from.
    public var script: RecaptchaScript
    /// The listener's loopback port (0 picks one).
    public var port: UInt16
    /// Where the page comes from.
    public var templates: TemplateDirectory
    /// The page's language, when known.
    public var languageCode: String?
    /// Names the flow in the listener's messages.
    public var label: String
    private let interaction: any RecaptchaPageInteraction

    /// A source showing the page through `interaction`.
    public init(
        interaction: any RecaptchaPageInteraction, script: RecaptchaScript = .google, port: UInt16 = 0,
        templates: TemplateDirectory = .standard(), languageCode: String? = nil, label: String = "reCAPTCHA"
    ) {
        self.interaction = interaction
        self.script = script
        self.port = port
        self.templates = templates
        self.languageCode = languageCode
        self.label = label
    }

    /// Serves the page, shows it, and returns the token it posts.
    public func token(for request: RecaptchaTokenRequest) async throws(RecaptchaProtectionError) -> String {
        let page = LoopbackRecaptchaTokenPage(
            siteKey: request.siteKey, action: request.action, script: script, languageCode: languageCode,
            templates: templates)
        do {
            try page.preload()
        } catch {
            throw .pageUnavailable(error)
        }
        let listener: RedirectListener<LoopbackRecaptchaTokenPage.Answer>
        do {
            listener = try RedirectListener(
                configuration: .init(
                    check: page.check, port: port, path: LoopbackRecaptchaTokenPage.answerPath, rendezvous: nil,
                    label: label, templates: templates, routes: page.routes,
                    successPage: ("reCAPTCHA done", "Go back to the terminal.")))
        } catch {
            throw .browser(error)
        }
        defer { listener.stop() }
        await interaction.present(url: page.url(port: listener.port), for: request, listener: listener)
        return try await interaction.waitForAnswer(from: listener).get()
    }
}
