import ArgumentParser
import AuthflowCore
import AuthflowListener
import AuthflowLocalization
import AuthflowParsing
import AuthflowPrimitives

/// `authflow handle-url URL`: what the desktop runs when a custom-scheme link is opened.
struct HandleURLCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "handle-url",
        _superCommandName: "authflow",
        abstract: "Hand a callback URL to the authflow command waiting for it.",
        discussion: """
            The desktop runs this for the schemes `authflow register-scheme` registered. It finds the waiting \
            flow through its rendezvous file under $XDG_RUNTIME_DIR/authflow/, has its listener prove it is that \
            flow, forwards the URL over loopback and returns at once: exit 0 when a flow took the URL, 1 when \
            none did, 2 when the URL holds a control character.

            An email sign-in link that no flow takes is completed as `authflow email-link complete` would, \
            with the address `email-link send` remembered (never a prompt). Without project flags, the \
            project is the one whose remembered link matches; with none, it exits 1 and says to run \
            `email-link complete` with --email.

            \(HelpEnding.text(statuses: [.success, .refused, .usage, .unavailable, .secondFactorRequired], examples: examples))
            """
    )

    /// The command lines its help shows (`HelpEndingTests` parses each one).
    static let examples = [
        "authflow handle-url 'com.example.app:/callback?code=X&state=Y'",
        "authflow handle-url \"$URL\" --json",
    ]

    @Argument(help: ArgumentHelp("The URL the desktop passed (%u).", valueName: "url"))
    var url: String

    @OptionGroup(title: "Project (for email sign-in links)")
    var project: ProjectOptions

    @OptionGroup var format: JSONOutputOptions<ReplacedSentence>

    func run() async throws {
        guard let unaccepted = try Self.handOver(url) else {
            // A waiting flow took it; without --json there is nothing to say (the flow reports its result).
            if format.json {
                let standardOutput = StandardOutput()
                standardOutput.write(bytes: JSONLineWriter.line([("outcome", .string("handed-over"))]))
                standardOutput.flush()
            }
            return
        }
        try await unaccepted.finish(json: format.json) { project }
    }

    /// Hands `url` (without surrounding whitespace) to the waiting flows, on the calling thread; nil when one took
    /// it, otherwise what is left to do. A URL holding a control character, or without a scheme, is refused before
    /// any flow sees it. The URL is read once, into the callback the flows are offered.
    static func handOver(_ url: String) throws -> Unaccepted? {
        let text = url.trimmingWhitespace()
        let callback: RedirectCallback
        do {
            callback = try RedirectCallback(url: text, route: .handoff)
        } catch {
            throw CommandFailure(error.cliMessage, status: .usage)
        }
        // Split into parts exactly when it starts with a valid scheme.
        guard callback.parts != nil else {
            throw CommandFailure(
                localized("\"\(text)\" is not a URL: pass the whole address, including its scheme."), status: .usage)
        }
        let outcomes = HandoffSender.deliver(callback, to: RendezvousChoice.directory.waitingFlows())
        if outcomes.contains(where: { $0.outcome == .accepted }) { return nil }
        return Unaccepted(text: text, outcomes: outcomes)
    }

    /// What each waiting flow said of a URL.
    typealias Outcomes = [(flow: Rendezvous, outcome: HandoffSender.Outcome)]

    /// A URL no waiting flow took, and what each said.
    struct Unaccepted: Sendable {
        /// The URL as handed over.
        let text: String
        let outcomes: Outcomes

        /// The rest of the command: an email sign-in link is completed with the command's project options
        /// (`project`, asked for only then), its result printed as JSON when `json`; anything else is explained.
        func finish(json: Bool = false, project: () throws -> ProjectOptions) async throws {
            // Inspected once: the sign-in link goes on to be completed as found, and anything else is explained
            // from the same inspection.
            let inspection = try? OfflineLinkInspector().inspect(text)
            if let inspection, let link = try? EmailSignInLink(inspection) {
                try await EmailLinkHandoff(options: project()).complete(link, json: json)
                return
            }
            throw CommandFailure(HandleURLCommand.explain(outcomes, inspection: inspection), status: .refused)
        }
    }

    /// Why no flow took the URL; `inspection` is the URL's, when it could be inspected. A flow whose port is held by
    /// a program that could not prove it is that flow is no waiting flow: it is left out.
    static func explain(_ outcomes: Outcomes, inspection: LinkInspection?) -> String {
        let reasons = outcomes.compactMap { flow, outcome -> String? in
            switch outcome {
            case .accepted: localized("\(flow.label): accepted")
            case .rejected(let refusal): "\(flow.label): \(CallbackRejectionWording.cliMessage(refusal))"
            case .alreadyCompleted: localized("\(flow.label): already has its answer")
            case .unauthorized: localized("\(flow.label): refused the handoff secret (a stale rendezvous file)")
            case .unproven: nil
            case .unreachable(let reason): "\(flow.label): \(reason.cliMessage)"
            }
        }
        if reasons.isEmpty {
            if let mode = inspection?.action?.mode {
                return localized(
                    "This is a \(mode.summary), not a sign-in link, and no authflow command is waiting for it: "
                        + "open it in a browser.")
            }
            return localized(
                "No authflow command is waiting for this URL: start the sign-in again, then open the "
                    + "link from it.")
        }
        return localized("No waiting authflow command took this URL. ") + reasons.joined(separator: "; ")
    }
}

extension HandoffSender.Unreachable {
    /// Why the waiting command could not be reached, as a clause without final punctuation.
    var cliMessage: String {
        switch self {
        case .system(let error): error.cliMessage
        case .nothingListens(let port): localized("nothing listens on port \(port)")
        case .closed: localized("the listener closed the connection")
        case .noAnswer: localized("no answer from the listener in time")
        case .notHTTP: localized("the listener's answer was not HTTP")
        case .status(let status): localized("the listener answered \(status)")
        }
    }
}
