import AuthflowLocalization

/// A fake account added on the backend's IdP widget by headless Chromium, as a person would: the address and
/// name typed into the "add account" form, the form submitted, and the custom-scheme URL the page then sends
/// the browser to caught. The Apple and GitHub steps share it.
struct IdPWidgetAccount {
    let email: String
    let name: String
    /// The app's custom scheme the page returns to.
    let scheme: String

    /// Adds the account on `page` and returns the custom-scheme URL the browser was sent to.
    func add(on page: String, _ programs: HeadlessChromium.Programs) async throws(DemoFailure) -> String {
        let chromium: HeadlessChromium
        do {
            chromium = try await HeadlessChromium(programs: programs)
        } catch {
            throw .browser(localized("Headless Chromium did not start: \(error)"))
        }
        do {
            try await chromium.open(page)
            try await chromium.type(email, into: "#email-input")
            try await chromium.type(name, into: "#display-name-input")
            try await chromium.click("#sign-in")
            let callback = try await chromium.waitForNavigation(startingWith: scheme + "://")
            await chromium.quit()
            return callback
        } catch {
            await chromium.quit()
            throw .browser(localized("Driving the sign-in page failed: \(error)"))
        }
    }
}
