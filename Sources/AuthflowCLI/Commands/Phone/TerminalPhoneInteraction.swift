import AuthflowCore
import AuthflowIdentityToolkit
import AuthflowListener
import AuthflowLocalization

/// The phone flow at a terminal: the page through ``HostedPageTerminal`` (browser, pasted callback URLs,
/// Ctrl-C), progress on standard error, and the SMS code from standard input.
final class TerminalPhoneInteraction: PhoneSignInInteraction {
    private let terminal: HostedPageTerminal
    private let readsStandardInput: Bool

    /// `readsStandardInput` lets a line of piped standard input be the code when there is no terminal (off
    /// where the input already served the first factor).
    init(timeout: Duration, readsStandardInput: Bool = true) {
        terminal = HostedPageTerminal(timeout: timeout)
        self.readsStandardInput = readsStandardInput
    }

    func note(_ message: String) {
        StandardError.write("authflow: \(message)")
    }

    func notice(_ notice: PhoneSignInNotice) {
        note(notice.cliMessage)
    }

    func pageMessage(for error: any Error & CustomStringConvertible) -> String {
        switch error {
        case let phone as PhoneSignInError: phone.cliMessage
        case let secondFactor as SecondFactorError: secondFactor.cliMessage
        case let service as IdentityToolkitError: service.cliMessage
        case let listener as RedirectListenerError: listener.cliMessage
        default: error.description
        }
    }

    func present<Answer: Sendable>(_ page: BrowserPage, listener: RedirectListener<Answer>) async {
        terminal.present(
            page, purpose: localized("show that you are not a robot"), name: localized("the reCAPTCHA page"),
            listener: listener)
    }

    func waitForAnswer<Answer: Sendable>(
        from listener: RedirectListener<Answer>
    ) async throws(PhoneSignInError) -> Answer {
        switch await terminal.wait(
            for: listener,
            message: localized(
                "Waiting for the reCAPTCHA…"), stopsListener: false)
        {
        case .callback(let answer): return answer
        case .failed(let error): throw .browser(error)
        case .interrupted: throw .interrupted
        }
    }

    func codeSources(for sent: SentSMSCode) -> [PhoneCodeSource] {
        if Terminal.isInteractive {
            return [
                PhoneCodeSource(.terminal) {
                    StandardError.write(localized("Enter the code sent to \(sent.recipient): "), newline: false)
                    let line = await InputLines.standardInput.next()
                    // The page answered first: end the prompt's line so later output starts on its own.
                    if Task.isCancelled { StandardError.write("") }
                    return line
                }
            ]
        }
        guard readsStandardInput else { return [] }
        return [PhoneCodeSource(.standardInput) { await InputLines.standardInput.next() }]
    }
}
