import AuthflowCore
import AuthflowLocalization
import AuthflowPrimitives
import AuthflowStorage

/// `authflow mfa enroll --totp`: asks Firebase for a secret, shows it (QR code in the terminal, the key grouped
/// for typing, the `otpauth://` URI; a PNG with `--qr-png`), takes the first code (`--code`,
/// `--code-command` with `AUTHFLOW_TOTP_URI`, the terminal, or a line of piped standard input) and enrolls
/// the factor. The secret is shown once and never saved
/// (a PNG written on request holds it, 0600).
struct TOTPEnrollmentSteps {
    let context: CommandContext
    let displayName: String?
    let issuer: String?
    let account: String?
    let code: String?
    let codeCommand: CodeProgram?
    let qrPNG: String?
    let json: Bool

    func run() async throws(CommandFailure) {
        let environment = try context.flowEnvironment()
        let enrollment = TOTPEnrollment(environment)
        let started: TOTPEnrollment.Started
        do {
            started = try await enrollment.start()
        } catch {
            throw context.report(.from(error, resolvingSignIn: false))
        }
        let secret = started.secret
        let uri = secret.uri(
            account: account ?? started.session.email ?? started.session.uid,
            issuer: issuer ?? environment.project.projectID)
        let matrix: QRMatrix?
        do {
            matrix = try QRMatrix(encoding: uri)
        } catch {
            matrix = nil
            StandardError.write(
                localized("authflow: the QR code could not be drawn (error \(error.code)); use the key or URI below."))
        }
        if let qrPNG, let matrix {
            do {
                try SecureFile.writeAtomically(PNGImage.qrCode(matrix), to: qrPNG)
            } catch {
                let reason = if case .write(_, let problem) = error { problem.cliMessage } else { error.cliMessage }
                throw CommandFailure(
                    localized("Could not write the QR code to \(qrPNG): \(reason). Nothing was enrolled."),
                    status: .usage)
            }
        }
        let interactive = Terminal.isInteractive
        if !json || interactive { show(secret, uri: uri, matrix: matrix, colour: interactive) }

        var tries = CodeTries()
        // A code typed at the terminal prompt, or one from --code, --code-command or standard input.
        let origin: PhoneCodeOrigin =
            code != nil ? .option : codeCommand != nil ? .command : interactive ? .terminal : .standardInput
        while true {
            let given = try await nextCode(enrollment, uri: uri, secret: secret, interactive: interactive)
            do {
                let enrolled = try await enrollment.finish(started, code: given, displayName: displayName)
                report(enrolled, uri: uri)
                return
            } catch {
                // The one rule for typed codes (CodeTries): the terminal asks again.
                if case .totp(.wrongCode) = error, let left = tries.refused(from: origin) {
                    StandardError.write("authflow: " + TOTPProblem.triesLeft(enrolling: true, left))
                    continue
                }
                throw context.report(.from(error, resolvingSignIn: false))
            }
        }
    }

    private func nextCode(
        _ enrollment: TOTPEnrollment, uri: String, secret: TOTPSecret, interactive: Bool
    ) async throws(CommandFailure) -> String {
        if let code { return code }
        if let codeCommand {
            do {
                return try await enrollment.code(from: codeCommand, uri: uri)
            } catch {
                throw context.report(.from(error, resolvingSignIn: false))
            }
        }
        if interactive {
            while true {
                StandardError.write(
                    localized(
                        "Enter the \(secret.codeLength)-digit code the app shows: "), newline: false)
                guard let line = await InputLines.standardInput.next() else { break }
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if !trimmed.isEmpty { return trimmed }
            }
        } else if let line = await InputLines.standardInput.next(), !line.trimmingCharacters(in: .whitespaces).isEmpty {
            // Piped input: one line is the code (the demo plays the app this way).
            return line.trimmingCharacters(in: .whitespaces)
        }
        let missing = SecondFactorError.totp(.codeNeeded(enrolling: true, factorID: nil))
        throw context.report(.from(missing, resolvingSignIn: false))
    }

    private func show(_ secret: TOTPSecret, uri: String, matrix: QRMatrix?, colour: Bool) {
        StandardError.write(
            localized("Scan this QR code with an authenticator app (Google Authenticator, 1Password, Aegis, …):"))
        StandardError.write("")
        if let matrix {
            for line in TerminalQRCode.lines(matrix, colour: colour) { StandardError.draw("  " + line + "\n") }
            StandardError.write("")
        }
        StandardError.write(localized("Or type the key: \(secret.groupedKey)"))
        StandardError.write(
            localized("  (\(secret.hashingAlgorithm), \(secret.codeLength) digits, every \(secret.period) seconds)"))
        StandardError.write("URI: \(uri)")
        StandardError.write(localized("The key is shown only now; authflow does not keep it."))
    }

    private func report(_ enrolled: (session: UserSession, factor: EnrolledFactor), uri: String) {
        let output = StandardOutput()
        if json {
            output.write(
                bytes: JSONLineWriter.line([
                    ("result", .string("enrolled")), ("factor", SessionPresentation.factorJSON(enrolled.factor)),
                    ("uri", .string(uri)), ("user", .object(SessionPresentation.json(enrolled.session))),
                ]))
        } else {
            output.write(
                localized(
                    "Added \(FactorWording.label(enrolled.factor)) as a second factor of "
                        + "\(enrolled.session.email ?? enrolled.session.uid). Signing in now also asks for a code from "
                        + "the app.\n"))
        }
        output.flush()
    }
}
