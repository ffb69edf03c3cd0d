/// Where an SMS code came from.
public enum PhoneCodeOrigin: String, Sendable, Hashable {
    /// `--code`.
    case option
    /// `--code-command`.
    case command
    /// The field on the loopback reCAPTCHA page.
    case page
    /// A prompt on the terminal.
    case terminal
    /// A line of standard input.
    case standardInput

    /// How many codes may be tried from this origin before the flow gives up: a person typing at a terminal
    /// prompt gets three (a typo should not cost a new SMS or a new TOTP secret); a code from an option, a
    /// command, the page or a line of standard input gets one, and a wrong one ends the flow with the way to try
    /// again. The one rule for SMS codes and authenticator-app codes alike.
    public var tries: Int { self == .terminal ? 3 : 1 }
}

/// One interactive place a code may come from (the page, a prompt); `read` returns nil when it cannot
/// give one (end of input, the page finished) and must end promptly when its task is cancelled.
public struct PhoneCodeSource: Sendable {
    /// What it is.
    public let origin: PhoneCodeOrigin
    /// Waits for a code.
    public let read: @Sendable () async -> String?

    /// A source of `origin` reading with `read`.
    public init(_ origin: PhoneCodeOrigin, read: @escaping @Sendable () async -> String?) {
        self.origin = origin
        self.read = read
    }
}

/// The SMS code, from the first source that has one: `--code`, then `--code-command`, then the interactive
/// sources (the page, the terminal or a line of standard input) all at once, whichever answers first.
public struct PhoneCodeSources: Sendable {
    /// `--code`.
    public var given: String?
    /// `--code-command`.
    public var command: CodeProgram?
    /// Raced against each other, after the two above.
    public var interactive: [PhoneCodeSource]
    /// How long the interactive sources may take together; nil waits as long as one of them might answer.
    public var timeout: Duration?

    /// Sources in the documented order.
    public init(
        given: String? = nil, command: CodeProgram? = nil, interactive: [PhoneCodeSource] = [], timeout: Duration? = nil
    ) {
        self.given = given
        self.command = command
        self.interactive = interactive
        self.timeout = timeout
    }

    /// The code for `pending`, and where it came from.
    public func code(
        for pending: PendingPhoneVerification
    ) async throws(PhoneSignInError) -> (code: String, origin: PhoneCodeOrigin) {
        try await code(for: pending.sentCode)
    }

    /// The code texted as `sent`, and where it came from.
    public func code(for sent: SentSMSCode) async throws(PhoneSignInError) -> (code: String, origin: PhoneCodeOrigin) {
        if let given = Self.cleaned(given) { return (given, .option) }
        if let command {
            let printed = try await command.code(for: sent)
            return (printed, .command)
        }
        guard !interactive.isEmpty else { throw .codeNeeded(sent) }
        switch await race() {
        case .code(let code, let origin): return (code, origin)
        case .timedOut(let limit): throw .codeTimedOut(sent, limit)
        case .gaveUp: throw .codeNeeded(sent)
        }
    }

    private enum Arrival: Sendable {
        case code(String, PhoneCodeOrigin)
        case gaveUp
        case timedOut(Duration)
    }

    private func race() async -> Arrival {
        await withTaskGroup(of: Arrival.self) { group in
            for source in interactive {
                group.addTask {
                    // A blank answer (Enter alone) is no answer; ask the same source again.
                    while !Task.isCancelled {
                        guard let text = await source.read() else { return .gaveUp }
                        if let code = Self.cleaned(text) { return .code(code, source.origin) }
                    }
                    return .gaveUp
                }
            }
            if let timeout {
                group.addTask {
                    try? await Task.sleep(for: timeout)
                    return Task.isCancelled ? .gaveUp : .timedOut(timeout)
                }
            }
            var remaining = interactive.count
            var outcome = Arrival.gaveUp
            while let arrival = await group.next() {
                if case .gaveUp = arrival {
                    remaining -= 1
                    if remaining > 0 { continue }
                }
                outcome = arrival
                break
            }
            group.cancelAll()
            return outcome
        }
    }

    private static func cleaned(_ text: String?) -> String? {
        guard let trimmed = text?.trimmingWhitespace(), !trimmed.isEmpty else { return nil }
        return trimmed
    }
}
