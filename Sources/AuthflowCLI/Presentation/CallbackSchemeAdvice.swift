import AuthflowListener
import AuthflowLocalization

/// Before a hosted page opens: whether the desktop will hand its custom-scheme answer to authflow, and if
/// not, the exact command that makes it (offered right away on a terminal).
enum CallbackSchemeAdvice {
    /// Whether `scheme` URLs reach `authflow handle-url`; says what to do when they do not. `page` names the
    /// page in messages ("the reCAPTCHA page"). The question ends on Ctrl-C or SIGTERM (caught by `signals`,
    /// whose wait then reports the interruption) and at `deadline`.
    static func ensureRegistered(
        _ scheme: String, page: String, signals: SignalWaiter, deadline: ContinuousClock.Instant
    ) -> Bool {
        guard let registrar = try? SchemeSelection.registrar(executable: nil) else {
            advise(scheme, page: page)
            return false
        }
        if registrar.isDefaultHandler(for: scheme) { return true }
        guard Terminal.isInteractive else {
            advise(scheme, page: page)
            return false
        }
        let question = localized(
            "authflow: the desktop does not open \(scheme): links with authflow, so \(page) "
                + "cannot hand its answer back by itself. Register it now (authflow register-scheme \(scheme))? "
                + "[Y/n] ")
        let answer: String
        switch Terminal.prompt(question, signals: signals, deadline: deadline) {
        case .answered(let line): answer = line.trimmingCharacters(in: .whitespaces).lowercased()
        case .endOfInput: answer = "n"
        case .interrupted, .timedOut: return false
        }
        guard answer.isEmpty || answer == "y" || answer == "yes" else {
            StandardError.write(localized("authflow: not registered; paste the address the browser ends on instead."))
            return false
        }
        do {
            let done = try registrar.register(scheme)
            StandardError.write(localized("authflow: registered \(scheme): → \(done.path)"))
            if let limitation = registrar.openerLimitation(for: scheme) {
                StandardError.write(localized("authflow: note: \(limitation.cliMessage)"))
            }
            return done.isEffective
        } catch {
            StandardError.write(localized("authflow: could not register \(scheme): \(error.cliMessage)"))
            return false
        }
    }

    private static func advise(_ scheme: String, page: String) {
        StandardError.write(
            localized(
                "authflow: the desktop does not hand \(scheme): URLs to authflow, so \(page) cannot return by "
                    + "itself. Run `authflow register-scheme \(scheme)` once to fix that; this time, paste the "
                    + "address the "
                    + "browser ends on (\(scheme)://firebaseauth/link?…) here."))
    }
}
