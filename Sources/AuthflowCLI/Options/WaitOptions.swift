import ArgumentParser
import AuthflowCore
import AuthflowLocalization

/// How long and where a command waits for the browser.
struct WaitOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Give up after this many seconds (exit 4).", valueName: "seconds"))
    var timeout = WaitSeconds(300)

    @Option(name: .long, help: ArgumentHelp("Listen on this loopback port instead of a free one.", valueName: "port"))
    var port = LoopbackPort(0)

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Serve result pages from this directory first (branded copies of templates/).", valueName: "dir"),
        completion: .directory)
    var templates: String?

    func validate() throws {
        guard (1...86_400).contains(timeout.value) else {
            throw ValidationError(localized("--timeout must be between 1 and 86400 seconds."))
        }
    }

    var duration: Duration { .seconds(timeout.value) }

    /// A flow's browser round as this command's options set it: the wait, the port, the templates, the
    /// rendezvous directory, `browser`'s presentation, and `label` naming the command.
    func round(_ browser: BrowserOptions, label: String) -> BrowserRoundOptions {
        BrowserRoundOptions(
            timeout: duration, port: port.value, templates: .standard(explicit: templates),
            rendezvous: RendezvousChoice.directory, label: label, presentation: browser.presentation)
    }
}
