import AuthflowDemo
import AuthflowTestSupport

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

extension HeadlessChromium {
    /// Runs `steps` in this browser while the command `running` waits for it, then closes the browser and returns
    /// what the steps found with the command's result. A failing step closes the browser, cancels the command and
    /// is rethrown.
    func drive<Found>(
        _ running: Task<SubprocessResult, any Error>, _ steps: (HeadlessChromium) async throws -> Found
    ) async throws -> (found: Found, result: SubprocessResult) {
        let found: Found
        do {
            found = try await steps(self)
        } catch {
            await quit()
            running.cancel()
            throw error
        }
        await quit()
        return (found, try await running.value)
    }
}
