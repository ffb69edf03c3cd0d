import AuthflowListener

/// How a browser round's page reaches the person. It is chosen once, in ``BrowserRoundOptions``, for every
/// flow; a front end carries it out and words it. A new way (a device code, say) is a new case here and in the
/// front end, never a change to a flow.
public enum BrowserPresentation: Sendable, Equatable {
    /// Open a browser on this machine (`command`, else the system's), the address shown too in case none
    /// appears.
    case openBrowser(command: String?)
    /// Show the address only, for a browser elsewhere; a hosted page's answer is then pasted back.
    case printForPaste
    /// No browser can be launched on this machine (found before trying one): as ``printForPaste``, after
    /// saying why.
    case headless(NoBrowserReason)
}

/// A page a browser round shows: everything a front end needs to present it.
public struct BrowserPage: Sendable, Equatable {
    /// The address to open.
    public let url: String
    /// For a hosted Firebase page, the app's custom scheme its answer comes back through (and from which it
    /// may be pasted back); nil for a page authflow serves itself.
    public let callbackScheme: String?
    /// How the page reaches the person.
    public let presentation: BrowserPresentation

    /// A page at `url`, presented as `presentation`.
    public init(url: String, callbackScheme: String? = nil, presentation: BrowserPresentation) {
        self.url = url
        self.callbackScheme = callbackScheme
        self.presentation = presentation
    }
}

/// The settings every browser round shares, whatever the flow: how long it waits, where it listens, where its
/// pages come from, where it publishes itself for a handoff, its name, and how its page is presented.
public struct BrowserRoundOptions: Sendable {
    /// How long to wait for the browser (and, on the phone routes, then for the code).
    public var timeout: Duration
    /// The listener's loopback port (0 picks one).
    public var port: UInt16
    /// Where the listener's pages come from.
    public var templates: TemplateDirectory
    /// Where a hosted route publishes itself for a handoff.
    public var rendezvous: RendezvousDirectory?
    /// Names the flow to a handoff and in the listener's messages (a front end's name for its command); nil
    /// uses the flow's own name.
    public var label: String?
    /// How the page reaches the person.
    public var presentation: BrowserPresentation

    /// Options; the defaults wait five minutes on an ephemeral port and open the system's browser.
    public init(
        timeout: Duration = .seconds(300), port: UInt16 = 0, templates: TemplateDirectory = .standard(),
        rendezvous: RendezvousDirectory? = .standard(), label: String? = nil,
        presentation: BrowserPresentation = .openBrowser(command: nil)
    ) {
        self.timeout = timeout
        self.port = port
        self.templates = templates
        self.rendezvous = rendezvous
        self.label = label
        self.presentation = presentation
    }
}

/// One browser round, the one definition every browser flow uses: listen on loopback, show the page (a
/// Firebase-hosted one answering through the app's custom scheme, or one authflow serves itself), wait, check
/// the answer, and hand it back typed. The flow brings the check and its page; the front end presents and
/// waits.
struct BrowserRound<Answer: Sendable>: Sendable {
    /// The shared settings.
    var options: BrowserRoundOptions
    /// The flow's own name, used when the options name none.
    var label: String
    /// What the listener accepts as the answer.
    var check: CallbackCheck<Answer>
    /// The listener's callback path.
    var path = "/callback"
    /// The custom schemes whose URLs the listener takes (a hosted page's answer).
    var schemes: [String] = []
    /// The pages a loopback page serves beside the callback path.
    var routes: [String: @Sendable (LoopbackRequest) -> LoopbackResponse] = [:]
    /// What the browser shows once the answer arrived.
    var successPage: (title: String, message: String)

    /// A round for a Firebase-hosted page answering through `scheme`: published for a handoff.
    static func hosted(
        options: BrowserRoundOptions, label: String, check: CallbackCheck<Answer>, scheme: String,
        successPage: (title: String, message: String)
    ) -> BrowserRound {
        BrowserRound(options: options, label: label, check: check, schemes: [scheme], successPage: successPage)
    }

    /// A round for a page authflow serves itself at `routes`, posting its answer to `path`: never published
    /// for a handoff (the page posts straight to the listener).
    static func loopback(
        options: BrowserRoundOptions, label: String, check: CallbackCheck<Answer>, path: String,
        routes: [String: @Sendable (LoopbackRequest) -> LoopbackResponse], successPage: (title: String, message: String)
    ) -> BrowserRound {
        var options = options
        options.rendezvous = nil
        return BrowserRound(
            options: options, label: label, check: check, path: path, routes: routes, successPage: successPage)
    }

    /// Listens, shows the page at `url` (given the listener's port) through `present`, waits through `wait`, and
    /// returns the answer. The listener stops when the round ends, unless `keepsListening` (a page that goes on
    /// serving after its answer): then `listening` gets it first and owns it. `listenFailed` puts a listener
    /// that could not start in the flow's terms.
    func run<Failure: Error>(
        url: (UInt16) -> String,
        callbackScheme: String? = nil,
        listenFailed: (RedirectListenerError) -> Failure,
        keepsListening: Bool = false,
        listening: (RedirectListener<Answer>) -> Void = { _ in },
        present: (BrowserPage, RedirectListener<Answer>) async -> Void,
        wait: (RedirectListener<Answer>) async throws(Failure) -> Answer
    ) async throws(Failure) -> Answer {
        let listener: RedirectListener<Answer>
        do {
            listener = try RedirectListener(
                configuration: .init(
                    check: check, port: options.port, path: path, schemes: schemes, rendezvous: options.rendezvous,
                    label: options.label ?? label, templates: options.templates, routes: routes,
                    successPage: successPage))
        } catch {
            throw listenFailed(error)
        }
        defer { if !keepsListening { listener.stop() } }
        listening(listener)
        let page = BrowserPage(
            url: url(listener.port), callbackScheme: callbackScheme, presentation: options.presentation)
        await present(page, listener)
        return try await wait(listener)
    }
}
