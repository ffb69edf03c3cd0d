import ArgumentParser
import AuthflowCore
import AuthflowLocalization

/// `authflow email-link complete URL | - | --html FILE | --eml FILE`: sign in with a clicked link.
struct EmailLinkCompleteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "complete",
        _superCommandName: "authflow",
        abstract: "Sign in with an email sign-in link, given as the link or as the email holding it.",
        discussion: """
            Takes the link as clicked anywhere, wrapped or not (Safe Links, Proofpoint, Google redirect, \
            Dynamic Links, /__/auth/links, deep_link_id, the emulator's continue-URL redirect), or the whole \
            email or page holding it. It refuses a link that is not a sign-in link (a password reset, say) or \
            belongs to another project or tenant, before using it. \(DocumentLimits.help)

            The address is --email, else the one `email-link send` remembered on this machine, else asked for \
            on a terminal. --link adds email-link sign-in to the signed-in user; --reauth re-authenticates \
            the signed-in user before a sensitive change. The remembered address is forgotten on success and \
            kept on failure. An account with an SMS second factor continues into it (--factor, --mfa-code, \
            --mfa-code-command or the terminal), else exits 5 with the sign-in saved for `authflow mfa resolve`.

            \(HelpEnding.text(statuses: AuthflowExitCode.browserSignIn, examples: examples))
            """
    )

    /// The command lines its help shows (`HelpEndingTests` parses each one).
    static let examples = [
        "authflow email-link complete \"$LINK\"",
        "authflow email-link complete --eml message.eml --email ada@example.com",
    ]

    @Argument(help: ArgumentHelp("The link, or - to read it from standard input.", valueName: "url"))
    var url: String?

    @Option(
        help: ArgumentHelp("Take the link from an HTML file (- for standard input).", valueName: "file"),
        completion: .file())
    var html: String?

    @Option(
        help: ArgumentHelp("Take the link from a saved email (.eml; - for standard input).", valueName: "file"),
        completion: .file())
    var eml: String?

    @Option(help: ArgumentHelp("The address the link was sent to (default: the remembered one).", valueName: "email"))
    var email: String?

    @OptionGroup var purposeFlags: SignInPurposeOptions<EmailLinkPurpose>

    @OptionGroup var format: JSONOutputOptions<ReplacedSentence>

    @OptionGroup(title: "Second factor")
    var secondFactor: SecondFactorOptions

    @OptionGroup(title: "Short links")
    var network: LinkNetworkOptions

    @OptionGroup(title: "Project")
    var project: ProjectOptions

    @OptionGroup(title: "Output")
    var output: OutputOptions

    func validate() throws {
        let sources = [url != nil, html != nil, eml != nil].filter { $0 }.count
        guard sources == 1 else {
            throw ValidationError(
                sources == 0
                    ? localized("Pass the link, - to read it from standard input, --html FILE or --eml FILE.")
                    : localized("Pass only one of: the link, --html FILE, --eml FILE."))
        }
        try purposeFlags.refuseBoth()
    }

    func run() async throws {
        let context = try CommandContext(options: project, verbose: output.verbose)
        let source = try readSource()
        let readsStandardInput = [url, html, eml].contains("-")
        let ask: EmailLinkCompletion.EmailQuestion? =
            Terminal.isInteractive && !readsStandardInput
            ? { @Sendable explanation in
                StandardError.write(explanation)
                return Terminal.prompt(localized("Email address: "))
            }
            : nil
        let purpose = purposeFlags.purpose
        try await EmailLinkFinisher(context: context, inspector: network.makeInspector())
            .run(
                source, purpose: purpose, email: email, askForEmail: ask, json: format.json, secondFactor: secondFactor)
    }

    private func readSource() throws(CommandFailure) -> EmailLinkSource {
        if let url, url != "-" { return .link(url) }
        let path = html ?? eml ?? "-"
        let bytes: [UInt8]
        do {
            bytes = try InputReading.document(at: path)
        } catch {
            throw CommandFailure(error.description, status: .usage)
        }
        if html != nil { return .html(bytes) }
        if eml != nil { return .eml(bytes) }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw CommandFailure(
                localized("Standard input is not UTF-8 text: pass the link as text, or the saved email with --eml -."),
                status: .usage)
        }
        return .link(text)
    }
}
