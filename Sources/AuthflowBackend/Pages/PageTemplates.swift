/// The page templates the backend serves, all loaded at start-up so a missing or broken one stops the
/// backend with a clear error instead of failing in a browser later.
enum PageTemplates {
    static let idpWidget = "emulator-idp-widget.html"
    static let verifyApp = "recaptcha-verify-app.html"
    static let handoff = "custom-scheme-handoff.html"
    static let error = "backend-error.html"

    static let all = [idpWidget, verifyApp, handoff, error]
}
