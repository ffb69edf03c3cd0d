import ArgumentParser
import AuthflowListener
import AuthflowLocalization
import AuthflowParsing
import AuthflowPrimitives
import Foundation

/// `authflow listen`: a generic RFC 8252 redirect catcher for any OAuth script.
struct ListenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "listen",
        _superCommandName: "authflow",
        abstract: "Wait on loopback for one browser redirect and print it.",
        discussion: """
            Prints the redirect URI to use (first line), then the callback once one arrives with the right \
            state, and exits 0. A callback arrives by HTTP at the redirect URI (GET or form_post), through \
            `authflow handle-url` for the --scheme custom schemes, or pasted on standard input with --paste.

            Without --state a random one is made and printed; put it in your authorization request, or let \
            --open do it: its URL may hold {redirect_uri} and {state}, which are replaced (percent-encoded) \
            before the browser opens it. With --no-browser the URL is printed instead and the final URL can be \
            pasted.

            With --pkce (and --json) a PKCE code verifier is made (RFC 7636): its S256 challenge is added to the \
            --open URL as code_challenge and code_challenge_method and printed as codeChallenge when listening; \
            the verifier is printed as codeVerifier with the callback, for the token request.

            With --json the output is one JSON object per line (the first is shown over two lines here):
              {"event":"listening","redirectUri":"http://127.0.0.1:PORT/callback",
               "state":"…"}
              {"event":"callback","url":"…","params":{…},"via":"http"}
            and on timeout {"event":"timeout"} (exit 4).

            \(HelpEnding.text(statuses: AuthflowExitCode.always + [.unavailable, .browserTimeout, .interrupted], examples: examples))
            """
    )

    /// The command lines its help shows (`HelpEndingTests` parses each one).
    static let examples = [
        "authflow listen",
        "authflow listen --json --timeout 120",
        "authflow listen --scheme com.example.app --paste",
    ]

    @Option(name: .long, help: ArgumentHelp("The callback path.", valueName: "path"))
    var path = "/callback"

    @Option(
        name: .long, help: ArgumentHelp("Also accept URLs of this custom scheme (repeatable).", valueName: "scheme"))
    var scheme: [String] = []

    @Option(
        name: .long,
        help: ArgumentHelp("The state the callback must carry (default: a new random one).", valueName: "state"))
    var state: String?

    @Option(
        name: .long,
        help: ArgumentHelp("The parameter holding the state, e.g. eventId for Firebase pages.", valueName: "name"))
    var stateParam = "state"

    @Flag(name: .long, help: "Read pasted callback URLs from standard input, one per line.")
    var paste = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Open this authorization URL once listening; {redirect_uri} and {state} are filled in.", valueName: "url"))
    var open: String?

    @Flag(
        name: .long,
        help: "Add a PKCE challenge (S256) to the --open URL and print the code verifier with the callback (--json).")
    var pkce = false

    @OptionGroup var format: JSONOutputOptions<ReplacedPlainLines>

    @OptionGroup var wait: WaitOptions

    @OptionGroup(title: "Browser") var browser: BrowserOptions

    @OptionGroup var language: LanguageOptions

    func validate() throws {
        guard path.hasPrefix("/"), !path.contains("?"), !path.contains("#"), !HandoffEndpoint.isReserved(path) else {
            throw ValidationError(localized("--path must start with / and have no query or fragment, e.g. /callback."))
        }
        for name in scheme where !URLParts.isValidScheme(name[...]) {
            throw ValidationError(
                localized(
                    "--scheme \(name) is not a URL scheme: use letters, digits, +, - and . only, starting "
                        + "with a letter."))
        }
        if let state, state.isEmpty { throw ValidationError(localized("--state must not be empty.")) }
        if stateParam.isBlankOrNewlines {
            throw ValidationError(EmptyFlagWording.message(flag: "--state-param"))
        }
        if pkce, !format.json {
            throw ValidationError(localized("--pkce prints the code verifier in the JSON output: add --json."))
        }
        if pkce, let open, QueryParameters(url: open).value("code_challenge") != nil {
            throw ValidationError(localized("--open already holds a code_challenge: drop it, or drop --pkce."))
        }
        if let open, URLParts(open.replacingOccurrences(of: "{redirect_uri}", with: "x")) == nil {
            throw ValidationError(
                localized("--open \"\(open)\" is not a URL: pass the whole authorization URL, including https://."))
        }
    }

    func run() async throws {
        let started = ContinuousClock.now
        let expected = state ?? RandomToken.make()
        let verifier = pkce ? CodeVerifier() : nil
        let signals = BrowserWait.catchInterrupts()
        let listener: RedirectListener<RedirectCallback>
        // Only a custom scheme needs the rendezvous (handle-url finds the flow through it); without one the
        // loopback wait works alone.
        var rendezvous: RendezvousDirectory?
        if !scheme.isEmpty { rendezvous = RendezvousChoice.directory }
        do {
            listener = try RedirectListener(
                configuration: .init(
                    check: .state(expected, parameter: stateParam), port: wait.port.value, path: path, schemes: scheme,
                    rendezvous: rendezvous,
                    label: "authflow listen", templates: .standard(explicit: wait.templates),
                    successPage: (localized("Received"), localized("The redirect reached the program waiting for it."))
                ))
        } catch {
            throw CommandFailure.from(error, message: error.cliMessage)
        }
        defer { listener.stop() }

        let output = ConsoleLines()
        if format.json {
            var listening: [(String, JSONValue)] = [
                ("event", .string("listening")), ("redirectUri", .string(listener.redirectURI)),
                ("state", .string(expected)),
            ]
            if let verifier { listening.append(("codeChallenge", .string(verifier.challenge))) }
            output.write(bytes: JSONLineWriter.line(listening))
        } else {
            output.write(listener.redirectURI)
            StandardError.write(
                localized("authflow: waiting for a redirect to \(listener.redirectURI) with \(stateParam)=\(expected)"))
        }
        // The redirect comes back to this machine's loopback port: over SSH the browser needs a tunnel to it.
        if let tunnel = SSHTunnel(for: listener.redirectURI) { StandardError.write(SSHTunnelWording.advice(tunnel)) }
        var pasting = paste || browser.noBrowser
        if let open {
            let url = Self.fill(open, redirectURI: listener.redirectURI, state: expected, pkce: verifier)
            if BrowserOpening.show(url, purpose: localized("sign in"), presentation: browser.presentation)
                == .printedOnly
            {
                pasting = true
            }
        }
        let outcome = await BrowserWait.run(
            listener: listener, signals: signals, limit: wait.duration, deadline: started + wait.duration,
            message: localized("Waiting for the redirect…"),
            pasting: pasting ? .init(prompt: PasteBackWording.prompt, inputEnded: nil) : nil)
        switch outcome {
        case .callback(let callback):
            if format.json {
                var line: [(String, JSONValue)] = [
                    ("event", .string("callback")), ("url", .string(callback.url)),
                    ("params", .object(callback.distinctParameters.map { ($0.name, .string($0.value)) })),
                    ("via", .string(callback.route.rawValue)),
                ]
                if let verifier { line.append(("codeVerifier", .string(verifier.value))) }
                output.write(bytes: JSONLineWriter.line(line))
            } else {
                output.write(callback.url)
            }
        case .failed(.timedOut(let limit)):
            if format.json { output.write(bytes: JSONLineWriter.line([("event", .string("timeout"))])) }
            throw CommandFailure(RedirectListenerError.timedOut(limit).cliMessage, status: .browserTimeout)
        case .interrupted:
            throw CommandFailure(localized("Cancelled."), status: .interrupted)
        case .failed(let error):
            throw CommandFailure(error.cliMessage, status: .unavailable)
        }
    }

    /// The `--open` URL with its placeholders replaced, each value percent-encoded as a query value, and the
    /// S256 challenge of `pkce` added to its query when there is one.
    static func fill(_ template: String, redirectURI: String, state: String, pkce: CodeVerifier? = nil) -> String {
        var url =
            template
            .replacingOccurrences(of: "{redirect_uri}", with: PercentEncoding.encodeUnreserved(redirectURI))
            .replacingOccurrences(of: "{state}", with: PercentEncoding.encodeUnreserved(state))
        guard let pkce else { return url }
        // Into the query, ahead of any fragment.
        let fragment = url.firstIndex(of: "#").map { String(url[$0...]) } ?? ""
        url.removeLast(fragment.count)
        let challenge = QueryParameters(pairs: pkce.challengeParameters).formEncoded
        return url + (url.contains("?") ? "&" : "?") + challenge + fragment
    }
}
