import AuthflowCore
import AuthflowListener
import AuthflowLocalization

extension CommandContext {
    /// Lets App Check's reCAPTCHA Enterprise source open its page in the browser this command uses anyway,
    /// with the same `--browser` / `--no-browser` choice.
    mutating func useBrowserForAppCheck(_ browser: BrowserOptions, templates: TemplateDirectory) {
        let choice = (browser.browser, browser.noBrowser)
        appCheckPage =
            AppCheckBrowserPage(templates: templates) { url in
                _ = BrowserOpening.show(
                    url, purpose: localized("get an App Check token"), browser: choice.0, noBrowser: choice.1)
            }.tokenPage
    }
}
