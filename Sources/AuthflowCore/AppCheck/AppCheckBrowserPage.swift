import AuthflowIdentityToolkit
import AuthflowListener

/// Gets reCAPTCHA Enterprise tokens for App Check from the loopback page (``AppCheckRecaptchaPage``): serves it
/// on an ephemeral port, hands its URL to `present` (which opens a browser or prints it), and waits for the
/// page's answer.
public struct AppCheckBrowserPage: Sendable {
    /// Where the page's template comes from.
    public var templates: TemplateDirectory
    /// A stand-in for Google's script, named explicitly (tests); nil for the real one.
    public var standInScript: String?
    /// How long to wait for the page.
    public var timeout: Duration
    /// Shows the page's URL to the person (opens a browser, prints it).
    public var present: @Sendable (String) -> Void

    /// A page source; `present` gets the URL to open.
    public init(
        templates: TemplateDirectory, standInScript: String? = nil, timeout: Duration = .seconds(300),
        present: @escaping @Sendable (String) -> Void
    ) {
        self.templates = templates
        self.standInScript = standInScript
        self.timeout = timeout
        self.present = present
    }

    /// The page as ``AppCheckTokenSupply`` uses it.
    public var tokenPage: RecaptchaEnterpriseTokenPage {
        { siteKey throws(AppCheckFailure) in try await token(siteKey: siteKey) }
    }

    /// Serves the page for `siteKey` and returns the token it posts.
    public func token(siteKey: String) async throws(AppCheckFailure) -> String {
        func failed(_ why: String) -> AppCheckFailure {
            AppCheckFailure(source: .recaptchaEnterprise, problem: .pageFailed(why))
        }
        let page = AppCheckRecaptchaPage(siteKey: siteKey, standInScript: standInScript, templates: templates)
        do {
            try page.preload()
        } catch {
            throw failed("the page's template could not be loaded: \(error)")
        }
        let listener: RedirectListener<Result<String, AppCheckFailure>>
        do {
            listener = try RedirectListener(configuration: .init(
                check: page.check, path: AppCheckRecaptchaPage.answerPath, rendezvous: nil, label: "App Check",
                templates: templates, routes: page.routes,
                successPage: ("App Check token obtained", "You can close this tab.")))
        } catch {
            throw failed(error.description)
        }
        defer { listener.stop() }
        present(page.url(port: listener.port))
        let answer: Result<String, AppCheckFailure>
        do {
            answer = try await listener.callback(timeout: timeout)
        } catch {
            throw failed(error.description)
        }
        return try answer.get()
    }
}
