import AuthflowListener

/// A code that was texted, with the loopback reCAPTCHA page (when the route used one) still open to take it
/// and to show how the step ended. ``succeeded(_:)`` or ``failed(_:)`` closes the page; the listener stops
/// at the latest when this value goes away.
final class TextedCode: Sendable {
    /// The verification ID (`sessionInfo`) the code goes back with.
    let verificationID: String
    private let page: LoopbackRecaptchaPage?
    private let listener: RedirectListener<LoopbackRecaptchaPage.Answer>?
    private let ownsListener: Bool

    init(
        verificationID: String, page: LoopbackRecaptchaPage?, listener: RedirectListener<LoopbackRecaptchaPage.Answer>?,
        ownsListener: Bool = true
    ) {
        self.verificationID = verificationID
        self.page = page
        self.listener = listener
        self.ownsListener = ownsListener
    }

    /// The same page and listener with the verification ID the request returned; this value then hands the
    /// listener over.
    func with(verificationID: String) -> TextedCode {
        TextedCode(verificationID: verificationID, page: page, listener: listener, ownsListener: true)
    }

    /// The code from the first source that has one: `given` (`--code`), `command`, then the page and the
    /// interaction's own sources raced. Opens the page's code field first.
    func code(
        for sent: SentSMSCode, given: String?, command: CodeProgram?, timeout: Duration,
        interaction: some PhoneSignInInteraction
    ) async throws(PhoneSignInError) -> (code: String, origin: PhoneCodeOrigin) {
        page?.awaitingCode()
        var interactive: [PhoneCodeSource] = []
        if let page { interactive.append(PhoneCodeSource(.page) { await page.nextCode() }) }
        interactive += interaction.codeSources(for: sent)
        let sources = PhoneCodeSources(given: given, command: command, interactive: interactive, timeout: timeout)
        do {
            let answer = try await sources.code(for: sent)
            if answer.origin != .page { page?.confirming() }
            return answer
        } catch {
            await failed(interaction.pageMessage(for: error))
            throw error
        }
    }

    /// Asks for codes (``code(for:given:command:timeout:interaction:)``) and hands each to `confirm` until one is
    /// accepted. A wrong code — one `refusedFlow` names the flow of — is announced and asked for again as long as
    /// its origin allows another try (``CodeTries``); any other failure is shown on the page and thrown, and a
    /// failure to get a code at all is thrown as `codeFailure` makes it. The page stays open for the caller's
    /// ``succeeded(_:)``.
    func confirmed<Value, Failure: Error & CustomStringConvertible>(
        for sent: SentSMSCode, given: String?, command: CodeProgram?, timeout: Duration,
        interaction: some PhoneSignInInteraction, codeFailure: (PhoneSignInError) -> Failure,
        refusedFlow: (Failure) -> SMSCodeFlow?, confirm: (String) async throws(Failure) -> Value
    ) async throws(Failure) -> (value: Value, origin: PhoneCodeOrigin) {
        var tries = CodeTries()
        while true {
            let answer: (code: String, origin: PhoneCodeOrigin)
            do {
                answer = try await code(
                    for: sent, given: given, command: command, timeout: timeout, interaction: interaction)
            } catch {
                throw codeFailure(error)
            }
            do throws(Failure) {
                return (try await confirm(answer.code), answer.origin)
            } catch {
                if let flow = refusedFlow(error), let left = tries.refused(from: answer.origin) {
                    interaction.notice(.codeRefused(flow, triesLeft: left))
                    continue
                }
                await failed(interaction.pageMessage(for: error))
                throw error
            }
        }
    }

    /// The step finished; the page says `message` (in the page's language, through ``CallbackPageWording``, which
    /// the front end fills with its translations of these English texts) before the listener stops.
    func succeeded(_ message: String) async {
        page?.finished(CallbackPageWording.text(message))
        await page?.letPageSeeOutcome()
        listener?.stop()
    }

    /// The step failed; the page says why before the listener stops.
    func failed(_ message: String) async {
        page?.failed(message)
        await page?.letPageSeeOutcome()
        listener?.stop()
    }

    deinit {
        if ownsListener { listener?.stop() }
    }
}
