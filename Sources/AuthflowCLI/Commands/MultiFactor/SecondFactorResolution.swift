import AuthflowCore
import AuthflowLocalization
import AuthflowPrimitives

/// The one place every sign-in continues into its SMS second factor (through ``SignInReport``), and where
/// `authflow mfa resolve` picks a saved challenge up again.
///
/// The challenge is saved first. A factor is chosen by `--factor`, by being the only SMS factor, or from the
/// terminal menu; the SMS goes out when a code can come back (a code option, a terminal, or an explicit
/// `--factor`, after which `mfa resolve --code` can finish). Otherwise the command stops with exit 5, the
/// factors listed (JSON with `--json`), and the challenge waiting for `authflow mfa resolve`.
struct SecondFactorResolution {
    let continuation: SecondFactorContinuation

    private var context: CommandContext { continuation.context }

    private func flow() throws(CommandFailure) -> SecondFactorSignIn {
        SecondFactorSignIn(try context.flowEnvironment())
    }

    /// Continues a first factor's `challenge`; `extraJSON` is what the sign-in command adds to its JSON.
    func continueSignIn(
        _ challenge: SecondFactorChallenge, json: Bool, extraJSON: [(String, JSONValue)]
    ) async throws(CommandFailure) -> SecondFactorSignIn.Completed {
        let flow = try flow()
        let pending: PendingSecondFactor
        do {
            pending = try flow.save(challenge)
        } catch {
            if json { Self.write(SignInPresentation.json(challenge, extra: extraJSON)) }
            throw context.report(.from(error, resolvingSignIn: true))
        }
        let options = continuation
        let interactive = Terminal.isInteractive
        var factor: EnrolledFactor?
        if let selector = options.factor {
            do {
                factor = try FactorSelection.choose(selector, among: pending.factors)
            } catch {
                throw context.report(.from(error, resolvingSignIn: true))
            }
        } else if pending.usableFactors.count == 1 {
            factor = pending.usableFactors.first
        } else if interactive {
            factor = await FactorMenu.ask(pending.factors, who: pending.email)
        }
        guard let factor, options.factor != nil || options.hasCodeSource || interactive else {
            if json { Self.write(SignInPresentation.json(pending, extra: extraJSON)) }
            throw CommandFailure(SignInPresentation.secondFactorMessage(pending), status: .secondFactorRequired)
        }
        return try await resolve(
            flow, pending, factor: factor,
            options: continuation.smsOptions(
                code: options.code, codeCommand: options.codeCommand, verifier: options.verifier),
            readsStandardInput: false, json: json, extraJSON: extraJSON)
    }

    /// `authflow mfa resolve`: the saved challenge, with the factor `selector` names, else the one an unused
    /// SMS went to, else the only SMS factor, else one from the terminal menu.
    func resolveSaved(
        selector: String?, options: PhoneSignIn.Options, json: Bool
    ) async throws(CommandFailure) -> SecondFactorSignIn.Completed {
        let flow = try flow()
        let pending: PendingSecondFactor
        let factor: EnrolledFactor
        do {
            pending = try flow.pending()
            factor = try await Self.factor(selector, in: pending)
        } catch {
            if json, case .factorNeeded = error, let pending = try? flow.pending() {
                Self.write(SignInPresentation.json(pending, extra: []))
            }
            throw context.report(.from(error, resolvingSignIn: true))
        }
        return try await resolve(
            flow, pending, factor: factor, options: options, readsStandardInput: true, json: json, extraJSON: [])
    }

    private static func factor(
        _ selector: String?, in pending: PendingSecondFactor
    ) async throws(SecondFactorError) -> EnrolledFactor {
        if let selector { return try FactorSelection.choose(selector, among: pending.factors) }
        if let sent = pending.sent, sent.isFresh(),
            let factor = pending.factors.first(where: { $0.id == sent.enrollmentID })
        {
            return factor
        }
        if pending.usableFactors.count == 1, let only = pending.usableFactors.first { return only }
        if Terminal.isInteractive, let chosen = await FactorMenu.ask(pending.factors, who: pending.email) {
            return chosen
        }
        throw .factorNeeded(pending.factors)
    }

    private func resolve(
        _ flow: SecondFactorSignIn, _ pending: PendingSecondFactor, factor: EnrolledFactor,
        options: PhoneSignIn.Options,
        readsStandardInput: Bool, json: Bool, extraJSON: [(String, JSONValue)]
    ) async throws(CommandFailure) -> SecondFactorSignIn.Completed {
        if factor.factorKind == .totp {
            return try await resolveTOTP(
                flow, pending, factor: factor, options: options, json: json, extraJSON: extraJSON)
        }
        do {
            return try await flow.resolve(
                pending, factor: factor, options: options,
                interaction: continuation.interaction(readsStandardInput: readsStandardInput))
        } catch {
            if json, case .codeNeeded(let sent) = error, let saved = try? flow.pending() {
                Self.write(SignInPresentation.json(saved, extra: extraJSON, codeSentTo: sent.recipient))
            }
            throw context.report(.from(error, resolvingSignIn: true))
        }
    }

    /// A TOTP factor: the code from `--code`/`--mfa-code`, the code command, or the terminal (no SMS, no page);
    /// without any, exit 5 with the challenge saved for `mfa resolve --code`.
    private func resolveTOTP(
        _ flow: SecondFactorSignIn, _ pending: PendingSecondFactor, factor: EnrolledFactor,
        options: PhoneSignIn.Options, json: Bool, extraJSON: [(String, JSONValue)]
    ) async throws(CommandFailure) -> SecondFactorSignIn.Completed {
        do throws(SecondFactorError) {
            var attempt = 1
            while true {
                var code: (String, PhoneCodeOrigin)?
                if let given = options.code {
                    code = (given, .option)
                } else if let command = options.codeCommand {
                    code = (try await flow.totpCode(from: command), .command)
                } else if Terminal.isInteractive {
                    StandardError.write(
                        localized(
                            "Enter the code from the authenticator app (\(FactorWording.label(factor))): "),
                        newline: false)
                    if let line = await InputLines.standardInput.next() { code = (line, .terminal) }
                }
                guard let code, !code.0.trimmingCharacters(in: .whitespaces).isEmpty else {
                    throw SecondFactorError.totp(.codeNeeded(enrolling: false, factorID: factor.id))
                }
                do throws(SecondFactorError) {
                    return try await flow.resolveTOTP(pending, factor: factor, code: code.0, origin: code.1)
                } catch {
                    // The one rule for typed codes (PhoneCodeOrigin.tries): the terminal asks again; the
                    // challenge stays saved after a wrong code.
                    guard case .totp(.wrongCode) = error, attempt < code.1.tries else { throw error }
                    StandardError.write("authflow: " + TOTPProblem.triesLeft(enrolling: false, code.1.tries - attempt))
                    attempt += 1
                }
            }
        } catch {
            if json, case .totp(.codeNeeded) = error, let saved = try? flow.pending() {
                Self.write(SignInPresentation.json(saved, extra: extraJSON))
            }
            throw context.report(.from(error, resolvingSignIn: true))
        }
    }

    private static func write(_ members: [(String, JSONValue)]) {
        let output = StandardOutput()
        output.write(bytes: JSONLineWriter.line(members))
        output.flush()
    }
}
