import AuthflowListener
import AuthflowLocalization

/// The callback pages' texts (written in English by the listener and the flows) in the language in force,
/// installed into the listener once the language is known.
enum CallbackPageTexts {
    /// Each page title and message the listener and the flows write, with its translation.
    static var translations: [String: String] {
        let pairs = [
            localized(pair: "Done"), localized(pair: "The answer from your browser was received."),
            localized(pair: "Not found"), localized(pair: "Nothing is served at this address."),
            localized(pair: "Sign-in failed"), localized(pair: "Not accepted"),
            localized(pair: "No reCAPTCHA token"),
            localized(pair: "Request body too large."),
            localized(pair: "The Host header does not name this loopback server."), localized(pair: "Starting up."),
            localized(pair: "reCAPTCHA solved"),
            localized(pair: "Answer received; go back to the terminal for the SMS code."),
            localized(pair: "The SMS is being sent."), localized(pair: "reCAPTCHA done"),
            localized(pair: "Go back to the terminal."), localized(pair: "App Check token obtained"),
            localized(pair: "You can close this tab."), localized(pair: "Signed in with Apple"),
            localized(pair: "The answer was received; go back to the terminal."),
            localized(
                pair: "The number is verified, but this account also needs a second factor; go back to the terminal."),
        ]
        return Dictionary(pairs.map { ($0.english, $0.text) }, uniquingKeysWith: { first, _ in first })
    }

    /// Stands for a page text's value: a control character no provider ID or page text holds.
    static let value = "\u{1}1"

    /// The page texts that hold a value, with the value as a placeholder.
    static var patterns: [CallbackPageWording.Pattern] {
        // The phone page's last words (Core's TextedCode); the longer text first, since the shorter one's
        // pattern would take its value as "… with the second factor".
        let pairs = [
            localized(pair: "Signed in with \(value)"),
            localized(pair: "Signed in as \(value) with the second factor. You can close this tab."),
            localized(pair: "Signed in as \(value). You can close this tab."),
            localized(pair: "Added \(value) as a second factor. You can close this tab."),
        ]
        return pairs.map {
            CallbackPageWording.Pattern(english: $0.english, translation: $0.text, placeholders: [value])
        }
    }

    /// Makes the callback pages speak the language in force. English is what the pages are written in, so it
    /// installs nothing (and clears an earlier language): building the pairs looked up every text in the
    /// catalogue on every command's start (~0.8 M instructions, callgrind), pages or not.
    /// Refusal reasons and failures are worded in every language (the CLI's wording is their one text).
    static func install() {
        CallbackPageWording.installRejections { CallbackRejectionWording.cliMessage($0) }
        CallbackPageWording.installFailures { CallbackFailureWording.cliMessage($0) }
        guard !MessageCatalogue.language.isEnglish else {
            CallbackPageWording.install([:])
            return
        }
        CallbackPageWording.install(translations, patterns: patterns)
    }
}
