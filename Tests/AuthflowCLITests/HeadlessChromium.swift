import AuthflowDemo

extension HeadlessChromium {
    /// Starts a browser, opens `url`, clicks `selector`, and returns the first custom-scheme navigation
    /// (starting with `prefix`) the page then attempted, which headless Chromium does not hand to any
    /// protocol handler; nil when none came within ten seconds. The browser is always shut down.
    static func capturedNavigation(
        opening url: String, clicking selector: String, startingWith prefix: String
    ) async throws -> String? {
        let chromium = try await HeadlessChromium()
        do {
            try await chromium.open(url)
            try await chromium.click(selector)
            let attempted = try? await chromium.waitForNavigation(startingWith: prefix, limit: .seconds(10))
            await chromium.quit()
            return attempted
        } catch {
            await chromium.quit()
            throw error
        }
    }
}
