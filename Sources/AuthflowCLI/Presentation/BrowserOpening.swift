import AuthflowCore
import AuthflowListener
import AuthflowLocalization
import AuthflowPrimitives
import Foundation

/// Shows the user a page: always prints the URL (a browser on another machine may be the only one), then
/// opens it unless `--no-browser` says not to or the machine has no browser to show (said first). A browser that fails to start is reported, never fatal.
enum BrowserOpening {
    /// What happened, so the caller knows whether to expect a paste.
    enum Result: Equatable {
        case opened
        case printedOnly
    }

    /// Shows `url` for `purpose` as `presentation` says (from `--browser` / `--no-browser`).
    static func show(
        _ url: String, purpose: String, presentation: BrowserPresentation, environment: [String: String]? = nil
    ) -> Result {
        // The App Check token in a hosted page's `#fac=` fragment is the user's own short-lived token for their
        // own browser: a URL the user must open themselves keeps it (without it the page calls Firebase with no
        // App Check token, which an enforcing project refuses), while the line beside a browser that was opened
        // leaves it out, and no log line ever has it.
        let shown = withoutAppCheckFragment(url)
        // On a machine with no browser, why none is launched comes first, then what to do instead.
        if case .headless(let reason) = presentation { StandardError.write(NoBrowserWording.reason(reason)) }
        if let tunnel = SSHTunnel(for: url, environment: environment ?? ProcessEnvironment.current()) {
            StandardError.write(SSHTunnelWording.advice(tunnel))
        }
        let browser: String?
        switch presentation {
        case .printForPaste, .headless:
            StandardError.write(localized("authflow: open this URL in a browser to \(purpose):\n\n    \(url)\n"))
            return .printedOnly
        case .openBrowser(let command):
            browser = command
        }
        StandardError.write(
            localized("authflow: opening your browser to \(purpose). If it does not appear, open:\n\n    \(shown)\n"))
        let launcher = BrowserLauncher(browser: browser, environment: environment)
        switch launcher.open(url) {
        case .opened:
            return .opened
        case .failed(let failures):
            let reasons = failures.map(\.cliMessage).joined(separator: "; ")
            StandardError.write(
                localized(
                    "authflow: could not open a browser (\(reasons)); open the URL above "
                        + "yourself."
                ))
            if shown != url {
                StandardError.write(localized("authflow: open this URL in a browser to \(purpose):\n\n    \(url)\n"))
            }
            return .printedOnly
        }
    }

    /// `url` without a trailing `#fac=<App Check token>` fragment.
    static func withoutAppCheckFragment(_ url: String) -> String {
        guard let hash = url.range(of: "#fac=", options: .backwards) else { return url }
        return String(url[..<hash.lowerBound])
    }
}
