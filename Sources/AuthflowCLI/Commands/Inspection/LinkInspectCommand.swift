import ArgumentParser
import AuthflowCore
import AuthflowLocalization
import AuthflowParsing

/// `authflow link inspect`: what a clicked link, or the email holding it, gives Firebase.
struct LinkInspectCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        _superCommandName: "authflow",
        abstract: "Show what Firebase needs from a link a user clicked, or from the email that holds it.",
        discussion: """
            Unwraps every layer around an email action link (mail-security rewriters such as Safe Links and \
            Proofpoint, Dynamic Links, Firebase Hosting /__/auth/links, custom-scheme deep_link_id) and \
            recognises the callbacks hosted Firebase pages send back. Short links (*.page.link) are expanded \
            over HTTPS unless --offline is given.

            With -, reads one link per line from standard input and writes one result per line (blank lines \
            are skipped); the exit status is then the highest any line produced.

            \(DocumentLimits.help)

            JSON keys, always present: kind (emailAction, authCallback, unknown), mode, oobCode, apiKey, \
            continueUrl, lang, tenantId, link, authType, eventId, recaptchaToken, error, layers, shortLink; \
            batch lines that could not be inspected add problem.

            \(HelpEnding.text(statuses: AuthflowExitCode.online, examples: examples))
            """
    )

    /// The command lines its help shows (`HelpEndingTests` parses each one).
    static let examples = [
        "authflow link inspect \"$LINK\"",
        "authflow link inspect --eml message.eml --json",
        "authflow link inspect --json - <links.txt",
    ]

    @Argument(help: ArgumentHelp("The link, or - to read links from standard input, one per line.", valueName: "url"))
    var link: String?

    @Option(
        help: ArgumentHelp("Search an HTML file (- for standard input) for the action link.", valueName: "file"),
        completion: .file())
    var html: String?

    @Option(
        help: ArgumentHelp("Search a saved email (.eml; - for standard input) for the action link.", valueName: "file"),
        completion: .file())
    var eml: String?

    @OptionGroup var format: JSONOutputOptions<ReplacedLinkSummaries>

    @OptionGroup var language: LanguageOptions

    @OptionGroup(title: "Short links")
    var network: LinkNetworkOptions

    func validate() throws {
        let sources = [link != nil, html != nil, eml != nil].filter { $0 }.count
        guard sources == 1 else {
            throw ValidationError(
                sources == 0
                    ? localized("Pass a link, - for links on standard input, --html FILE or --eml FILE.")
                    : localized("Pass only one of: a link, --html FILE, --eml FILE."))
        }
    }

    func run() async throws {
        let inspector = network.makeInspector()
        let status: AuthflowExitCode
        if let html {
            status = await inspectDocument(path: html, isEmail: false, inspector: inspector)
        } else if let eml {
            status = await inspectDocument(path: eml, isEmail: true, inspector: inspector)
        } else if link == "-" {
            status = await LinkBatch(inspector: inspector, json: format.json).run()
        } else {
            status = await inspectOne(link ?? "", inspector: inspector)
        }
        if status != .success { throw status.exitCode }
    }

    private func inspectOne(_ text: String, inspector: LinkInspector) async -> AuthflowExitCode {
        let inspection: LinkInspection
        do {
            inspection = try await inspector.inspect(text)
        } catch {
            StandardError.write("authflow: \(error.cliMessage)")
            return error.exitStatus
        }
        print(inspection)
        return inspection.kind == .unknown ? .refused : .success
    }

    private func inspectDocument(path: String, isEmail: Bool, inspector: LinkInspector) async -> AuthflowExitCode {
        let finder = DocumentLinkFinder(inspector: inspector)
        let search: DocumentLinkSearch
        do {
            search =
                try await isEmail
                ? finder.search(eml: InputReading.document(at: path)) : searchStreaming(html: path, with: finder)
        } catch let failure as InputReading.Failure {
            StandardError.write("authflow: \(failure)")
            return .usage
        } catch let error as DocumentSearchError {
            var message = "authflow: \(path): \(error.cliMessage)"
            if case .document(.notAnEmail) = error {
                message += " " + localized("If it is a saved web page, pass it with --html.")
            }
            StandardError.write(message)
            return error.exitStatus
        } catch {
            StandardError.write("authflow: \(error)")
            return .usage
        }
        let name = path == "-" ? localized("standard input") : path
        guard let chosen = search.chosen else {
            if format.json {
                let output = StandardOutput()
                let problem = InspectionSummary.noFirebaseLink(linkCount: search.linkCount, path: path)
                output.write(bytes: InspectionJSON.line(forProblem: problem))
            }
            StandardError.write(localized("authflow: No Firebase link among the \(search.linkCount) links in \(name)."))
            return .refused
        }
        print(chosen)
        if !format.json, search.actionLinkCount > 1 {
            StandardError.write(
                localized(
                    "Note: \(name) holds \(search.actionLinkCount) different action links; "
                        + "this is the first sign-in link."))
        }
        return chosen.kind == .unknown ? .refused : .success
    }

    /// Searches an HTML page read from disk (or standard input) a part at a time, so a large page is never held
    /// whole; a read error is reported as such, before any link found so far is looked up online.
    private func searchStreaming(
        html path: String, with finder: DocumentLinkFinder
    ) async throws -> DocumentLinkSearch {
        let stream = try InputReading.Stream(path: path)
        let links: [ExtractedLink]
        do {
            links = try HTMLLinkExtractor.links(readingHTML: { stream.read(into: $0) })
        } catch {
            if let failure = stream.failure { throw failure }
            throw DocumentSearchError.document(error)
        }
        if let failure = stream.failure { throw failure }
        return try await finder.search(extracted: links)
    }

    private func print(_ inspection: LinkInspection) {
        let output = StandardOutput()
        if format.json {
            output.write(bytes: InspectionJSON.line(for: inspection))
        } else {
            output.write(InspectionSummary.text(for: inspection))
        }
    }
}
