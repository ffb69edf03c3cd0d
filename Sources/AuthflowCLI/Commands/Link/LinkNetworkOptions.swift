import ArgumentParser
import AuthflowCore
import AuthflowHTTP
import AuthflowParsing

/// How `link inspect` may use the network: only to expand short links, and only on allowed hosts.
struct LinkNetworkOptions: ParsableArguments {
    @Flag(help: "Never use the network: short links are reported, not expanded.")
    var offline = false

    @Option(
        name: .customLong("link-domain"),
        help: ArgumentHelp(
            "A custom link domain whose short links may be expanded (repeatable). It may resolve to a private "
                + "or loopback address, since you named it.",
            valueName: "host[:port]"))
    var linkDomains: [String] = []

    @Option(
        name: .customLong("cacert"),
        help: ArgumentHelp("A PEM file of CA certificates to trust when expanding short links.", valueName: "file"))
    var caBundle: String?

    @Option(help: ArgumentHelp("Seconds to wait for each short-link request.", valueName: "seconds"))
    var timeout: Double = 15

    func validate() throws {
        guard timeout > 0, timeout <= 600 else {
            throw ValidationError("--timeout must be between 0 and 600 seconds.")
        }
    }

    /// The inspector these options describe.
    func makeInspector() -> LinkInspector {
        let offlineInspector = OfflineLinkInspector(linkDomains: linkDomains)
        guard !offline else { return LinkInspector(offline: offlineInspector, resolver: nil) }
        var configuration = HTTPClientConfiguration()
        configuration.caBundlePath = caBundle
        configuration.totalTimeout = .milliseconds(Int(timeout * 1000))
        configuration.connectTimeout = .milliseconds(Int(min(timeout, 10) * 1000))
        configuration.userAgent = "authflow/\(AuthflowVersion.current)"
        return LinkInspector(
            offline: offlineInspector,
            resolver: ShortLinkResolver(linkDomains: linkDomains, configuration: configuration))
    }
}
