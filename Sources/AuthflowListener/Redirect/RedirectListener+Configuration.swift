extension RedirectListener {
    /// What a listener waits for and how it answers.
    public struct Configuration: Sendable {
        /// Decides whether a callback is the awaited one and makes the answer of it (see
        /// ``CallbackCheck/state(_:parameter:)``).
        public var check: CallbackCheck<Answer>
        /// The port on both loopback addresses; 0 picks a free one.
        public var port: UInt16
        /// The path HTTP callbacks arrive at, such as `/callback`.
        public var path: String
        /// Custom schemes whose URLs may be handed over (`authflow handle-url`) or pasted.
        public var schemes: [String]
        /// Publish a rendezvous file so `authflow handle-url` can find this flow; `nil` publishes none.
        public var rendezvous: RendezvousDirectory?
        /// Names this flow in the rendezvous file and in messages.
        public var label: String
        /// Where the result pages come from.
        public var templates: TemplateDirectory
        /// Extra pages served beside the callback path (a reCAPTCHA page, say), keyed by exact path.
        public var routes: [String: @Sendable (LoopbackRequest) -> LoopbackResponse]
        /// The title and message of the page a browser gets once the callback is accepted.
        public var successPage: (title: String, message: String)
        /// Limits of the underlying server.
        public var server: LoopbackServer.Configuration

        /// A listener on an ephemeral port, waiting at `/callback` for a callback that passes `check`.
        public init(
            check: CallbackCheck<Answer>,
            port: UInt16 = 0,
            path: String = "/callback",
            schemes: [String] = [],
            rendezvous: RendezvousDirectory? = .standard(),
            label: String = "authflow",
            templates: TemplateDirectory = .standard(),
            routes: [String: @Sendable (LoopbackRequest) -> LoopbackResponse] = [:],
            successPage: (title: String, message: String) = ("Done", "The answer from your browser was received."),
            server: LoopbackServer.Configuration = .init()
        ) {
            self.check = check
            self.port = port
            self.path = path
            self.schemes = schemes.map { $0.lowercased() }
            self.rendezvous = rendezvous
            self.label = label
            self.templates = templates
            self.routes = routes
            self.successPage = successPage
            self.server = server
        }
    }
}
