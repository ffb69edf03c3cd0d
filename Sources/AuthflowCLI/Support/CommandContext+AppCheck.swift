import AuthflowCore
import AuthflowListener
import AuthflowLocalization

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
