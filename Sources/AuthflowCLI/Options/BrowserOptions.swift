import ArgumentParser
import AuthflowCore
import AuthflowListener
import AuthflowLocalization

/// How a command shows the user a page: which browser, or none at all (SSH, headless machines).
struct BrowserOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "Open pages with this command; %s stands for the URL (default: $BROWSER, else xdg-open).",
            valueName: "command"))
    var browser: String?

    @Flag(
        name: .customLong("no-browser"),
        help: "Do not open a browser: print the URL and read the resulting URL pasted on standard input.")
    var noBrowser = false

    /// How pages are presented, as the flows take it: the one place the flags become that choice.
    var presentation: BrowserPresentation {
        noBrowser ? .printForPaste : .openBrowser(command: browser)
    }

    func validate() throws {
        if let browser, BrowserCommand(browser) == nil {
            throw ValidationError(
                localized(
                    "--browser \"\(browser)\" is not a command: give a program and its arguments, with balanced "
                        + "quotes."))
        }
        if browser != nil, noBrowser {
            throw ValidationError(localized("--browser and --no-browser contradict each other; pass one of them."))
        }
    }
}
