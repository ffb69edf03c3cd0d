import AuthflowIdentityToolkit
import AuthflowListener

/// Gets reCAPTCHA Enterprise tokens for App Check (action `fire_app_check`) from the loopback token page
/// every reCAPTCHA Enterprise token comes from (``LoopbackRecaptchaTokenPage``): serves it on an ephemeral
/// port, hands its URL to `present` (which opens a browser or prints it), and waits for the page's answer.
public struct AppCheckBrowserPage: Sendable {
    /// Where the page's template comes from.
    public var templates: TemplateDirectory
    /// Where the page loads reCAPTCHA Enterprise from: Google's, or a stand-in named explicitly (tests).
    public var script: RecaptchaScript
    /// How long to wait for the page.
    public var timeout: Duration
    /// Shows the page's URL to the person (opens a browser, prints it).
    public var present: @Sendable (String) -> Void

    /// A page source; `present` gets the URL to open.
    public init(
        templates: TemplateDirectory, script: RecaptchaScript = .google, timeout: Duration = .seconds(300),
        present: @escaping @Sendable (String) -> Void
    ) {
        self.templates = templates
        self.script = script
        self.timeout = timeout
        self.present = present
    }

    /// The page as ``AppCheckTokenSupply`` uses it.
    public var tokenPage: RecaptchaEnterpriseTokenPage {
        { siteKey throws(AppCheckFailure) in try await token(siteKey: siteKey) }
    }

    /// Serves the page for `siteKey` and returns the token it posts.
    public func token(siteKey: String) async throws(AppCheckFailure) -> String {
        func failed(_ why: any Error & CustomStringConvertible) -> AppCheckFailure {
            AppCheckFailure(source: .recaptchaEnterprise, problem: .pageFailed(why))
        }
        let page = LoopbackRecaptchaTokenPage(
            siteKey: siteKey, action: .fireAppCheck, script: script, languageCode: nil, templates: templates)
        do {
            try page.preload()
        } catch {
            throw failed(error)
        }
        let listener: RedirectListener<LoopbackRecaptchaTokenPage.Answer>
        do {
            listener = try RedirectListener(
                configuration: .init(
                    check: page.check, path: LoopbackRecaptchaTokenPage.answerPath, rendezvous: nil, label: "App Check",
                    templates: templates, routes: page.routes,
                    successPage: ("App Check token obtained", "You can close this tab.")))
        } catch {
            throw failed(error)
        }
        defer { listener.stop() }
        present(page.url(port: listener.port))
        let answer: LoopbackRecaptchaTokenPage.Answer
        do {
            answer = try await listener.callback(timeout: timeout)
        } catch {
            throw failed(error)
        }
        switch answer {
        case .success(let token): return token
        case .failure(let error): throw failed(error)
        }
    }
}
