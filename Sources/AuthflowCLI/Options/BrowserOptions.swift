import ArgumentParser
import AuthflowCore
import AuthflowListener
import AuthflowLocalization

/// How a command shows the user a page: which browser, or none at all (SSH, headless machines).
struct BrowserOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "Open pages with this command; %s stands for the URL (default: $BROWSER, else xdg-open if there is a display).",
            valueName: "command"))
    var browser: String?

    @Flag(
        name: .customLong("no-browser"),
        help: "Do not open a browser: print the URL and read the resulting URL pasted on standard input.")
    var noBrowser = false

    /// How pages are presented, as the flows take it: the one place the flags and the machine become that
    /// choice. `--no-browser` forbids a launch and `--browser` (or `$BROWSER`) forces one; otherwise a machine
    /// where no browser can appear (no display, SSH without a forwarded one, no `xdg-open`) takes the headless
    /// route at once instead of trying one.
    var presentation: BrowserPresentation {
        if noBrowser { return .printForPaste }
        switch BrowserLauncher(browser: browser).availability {
        case .available:
            return .openBrowser(command: browser)
        case .unavailable(let reason):
            // The headless route. The device authorization grant (issue 33, part 1) takes over here when the
            // flow's provider has one and a device client is configured; every other flow prints the address
            // (with the `ssh -L` line for a loopback page over SSH) and reads a pasted answer.
            return .headless(reason)
        }
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
