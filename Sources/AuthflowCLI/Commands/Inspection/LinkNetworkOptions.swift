import ArgumentParser
import AuthflowCore
import AuthflowHTTP
import AuthflowLocalization
import AuthflowParsing

/// How `link inspect` may use the network: only to expand short links, and only on allowed hosts.
struct LinkNetworkOptions: ParsableArguments {
    @Flag(help: "Never use the network: short links are reported, not expanded.")
    var offline = false

    @Option(
        name: .customLong("short-link-domain"),
        help: ArgumentHelp(
            "A custom link domain whose short links may be expanded (repeatable). It may resolve to a private "
                + "or loopback address, since you named it.",
            valueName: "host[:port]"))
    var shortLinkDomains: [String] = []

    /// The former name of --short-link-domain, parsed only to be refused by name: across commands
    /// --link-domain means one thing, the Hosting domain `email-link send` builds a new link on.
    @Option(name: .customLong("link-domain"), help: .hidden)
    var refusedLinkDomains: [String] = []

    /// The hosts whose short links may be expanded.
    var linkDomains: [String] { shortLinkDomains }

    @Option(
        name: .customLong("cacert"),
        help: ArgumentHelp("A PEM file of CA certificates to trust when expanding short links.", valueName: "file"),
        completion: .file())
    var caBundle: String?

    @Option(
        name: .customLong("request-timeout"),
        help: ArgumentHelp("Seconds to wait for each short-link request (default: 15).", valueName: "seconds"))
    var requestTimeout: Double?

    /// The former name of --request-timeout, kept working but out of the help: elsewhere --timeout is the
    /// whole wait, not one request's.
    @Option(name: .customLong("timeout"), help: .hidden)
    var deprecatedTimeout: Double?

    /// Seconds each short-link request may take, from either spelling.
    var timeout: Double { requestTimeout ?? deprecatedTimeout ?? 15 }

    func validate() throws {
        guard timeout > 0, timeout <= 600 else {
            let flag = requestTimeout == nil ? "--timeout" : "--request-timeout"
            throw ValidationError(localized("\(flag) must be between 0 and 600 seconds."))
        }
        if requestTimeout != nil, deprecatedTimeout != nil {
            throw ValidationError(localized("Give --request-timeout only (--timeout is its former name)."))
        }
        if deprecatedTimeout != nil {
            StandardError.write(
                DeprecationWording.renamed(
                    "--timeout", to: "--request-timeout", because: localized("seconds per short-link request")))
        }
        if let domain = refusedLinkDomains.first {
            throw ValidationError(
                localized(
                    "--link-domain is the Hosting domain `email-link send` builds a new link on; it means nothing "
                        + "here. To let authflow expand short links on \(domain), pass --short-link-domain "
                        + "\(domain)."))
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
