import AuthflowIdentityToolkit
import AuthflowListener

/// Shows the token page and waits for its answer; the CLI does this at a terminal (browser, Ctrl-C,
/// the countdown).
public protocol RecaptchaPageInteraction: Sendable {
    /// Presents `page` (as it says: opens a browser, prints it) for `request`; `listener` receives its answer.
    func present(
        _ page: BrowserPage, for request: RecaptchaTokenRequest,
        listener: RedirectListener<LoopbackRecaptchaTokenPage.Answer>
    ) async
    /// Waits for the page's answer.
    func waitForAnswer(
        from listener: RedirectListener<LoopbackRecaptchaTokenPage.Answer>
    ) async throws(RecaptchaProtectionError) -> LoopbackRecaptchaTokenPage.Answer
}

/// Gets each reCAPTCHA Enterprise token from ``LoopbackRecaptchaTokenPage`` in a browser, on a loopback
/// listener started for that token and stopped after it: the one wrapper of that page, for the calls a project
/// protects and for App Check (action `fire_app_check`, ``appCheckPage``).
public struct RecaptchaBrowserTokenSource: RecaptchaTokenSource {
    /// Where the page loads reCAPTCHA Enterprise from.
    public var script: RecaptchaScript
    /// The page's language, when known.
    public var languageCode: String?
    /// The browser round's settings (the label names the flow in the listener's messages; nil uses
    /// `reCAPTCHA`, or `App Check` for App Check's token). Pages are never published for a handoff.
    public var round: BrowserRoundOptions
    private let interaction: any RecaptchaPageInteraction

    /// A source showing the page through `interaction`.
    public init(
        interaction: any RecaptchaPageInteraction, script: RecaptchaScript = .google, languageCode: String? = nil,
        round: BrowserRoundOptions = .init()
    ) {
        self.interaction = interaction
        self.script = script
        self.languageCode = languageCode
        self.round = round
    }

    /// The page needs someone at a browser.
    public var isUnattended: Bool { false }

    /// Serves the page, shows it, and returns the token it posts.
    public func token(for request: RecaptchaTokenRequest) async throws(RecaptchaProtectionError) -> String {
        let page = LoopbackRecaptchaTokenPage(
            siteKey: request.siteKey, action: request.action, script: script, languageCode: languageCode,
            templates: round.templates)
        do {
            try page.preload()
        } catch {
            throw .pageUnavailable(error)
        }
        let appCheck = request.action == .fireAppCheck
        let round = BrowserRound.loopback(
            options: round, label: appCheck ? "App Check" : "reCAPTCHA", check: page.check,
            path: LoopbackRecaptchaTokenPage.answerPath, routes: page.routes,
            successPage: appCheck
                ? ("App Check token obtained", "You can close this tab.")
                : ("reCAPTCHA done", "Go back to the terminal."))
        let interaction = self.interaction
        return try await round.run(
            url: page.url(port:), listenFailed: RecaptchaProtectionError.browser,
            present: { shown, listener in await interaction.present(shown, for: request, listener: listener) },
            wait: { listener throws(RecaptchaProtectionError) in try await interaction.waitForAnswer(from: listener) }
        ).get()
    }

    /// The page as App Check's reCAPTCHA Enterprise provider uses it (``AppCheckTokenSupply``): a token for
    /// action `fire_app_check` with the site key App Check names, for `project`. A failure is the page's, the
    /// listener's or the template's own error, as App Check reports it.
    public func appCheckPage(project: SessionProject) -> RecaptchaEnterpriseTokenPage {
        { siteKey throws(AppCheckFailure) in
            do throws(RecaptchaProtectionError) {
                return try await token(
                    for: RecaptchaTokenRequest(action: .fireAppCheck, siteKey: siteKey, project: project))
            } catch {
                let why: any Error & CustomStringConvertible
                switch error {
                case .browser(let listener): why = listener
                case .pageUnavailable(let template): why = template
                default: why = error
                }
                throw AppCheckFailure(source: .recaptchaEnterprise, problem: .pageFailed(why))
            }
        }
    }
}
