import ArgumentParser
import AuthflowCore
import AuthflowLocalization

/// `authflow phone verify --code CODE`: finish a phone sign-in whose SMS was sent (the command stopped, or
/// the code came later) without texting again.
struct PhoneVerifyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        _superCommandName: "authflow",
        abstract: "Finish a phone sign-in with the SMS code, without sending another SMS.",
        discussion: """
            Uses the verification `phone sign-in` saved when it sent the SMS, for the purpose it was started \
            with (sign-in, --link or --reauth). With several waiting, pass --phone. The code comes from --code, \
            --code-command, a terminal prompt or a line of standard input. A wrong code keeps the verification \
            for another try; an expired one is forgotten.

            \(HelpEnding.text(statuses: AuthflowExitCode.browserSignIn, examples: examples))
            """
    )

    /// The command lines its help shows (`HelpEndingTests` parses each one).
    static let examples = [
        "authflow phone verify",
        "authflow phone verify --phone +16505553434 --json",
    ]

    @Option(help: ArgumentHelp("The number the SMS went to (needed when several are waiting).", valueName: "number"))
    var phone: String?

    @OptionGroup(title: "SMS code")
    var codes: PhoneCodeOptions

    @OptionGroup var format: JSONOutputOptions<ReplacedSentence>

    @OptionGroup(title: "Second factor") var secondFactor: SecondFactorOptions

    @OptionGroup(title: "Project") var project: ProjectOptions

    @OptionGroup(title: "Output") var output: OutputOptions

    func validate() throws {
        if let phone {
            do {
                _ = try PhoneNumber(validating: phone)
            } catch {
                throw ValidationError(error.cliMessage)
            }
        }
    }

    func run() async throws {
        let context = try CommandContext(options: project, verbose: output.verbose)
        let directory = try context.projectDirectory()
        let sessionProject = try context.sessionProject()
        let result: SignInResult
        let pending: PendingPhoneVerification
        do {
            pending = try Self.pending(
                phone, in: PendingPhoneVerificationStore(directory: directory), project: sessionProject)
            let interactive =
                Terminal.isInteractive
                ? [
                    PhoneCodeSource(.terminal) {
                        StandardError.write(
                            localized(
                                "Enter the code sent to \(pending.phoneNumber): "), newline: false)
                        return await InputLines.standardInput.next()
                    }
                ]
                : [PhoneCodeSource(.standardInput) { await InputLines.standardInput.next() }]
            let sources = PhoneCodeSources(
                given: codes.code, command: codes.command(timeout: .seconds(300)), interactive: interactive)
            result = try await Self.confirm(
                pending, sources: sources, with: PhoneCodeConfirmation(try context.flowEnvironment()))
        } catch let error as PhoneSignInError {
            throw context.report(.from(error))
        }
        try await SignInReport.finish(
            result, purpose: pending.purpose, json: format.json,
            secondFactor: SecondFactorContinuation(context: context, options: secondFactor),
            extraJSON: [
                ("phoneNumber", .string(pending.phoneNumber.e164)), ("verifier", .string(pending.verifier.rawValue)),
            ],
            method: localized("the phone number \(pending.phoneNumber)"))
    }

    /// Confirms `pending` with a code from `sources`; a wrong code typed at the terminal is asked for again, as
    /// often as ``PhoneCodeOrigin/tries`` allows (the verification stays usable after a wrong code).
    private static func confirm(
        _ pending: PendingPhoneVerification, sources: PhoneCodeSources, with confirmation: PhoneCodeConfirmation
    ) async throws(PhoneSignInError) -> SignInResult {
        var tries = CodeTries()
        while true {
            let code = try await sources.code(for: pending)
            do throws(PhoneSignInError) {
                return try await confirmation.confirm(pending, code: code.code)
            } catch {
                guard case .wrongCode = error, let left = tries.refused(from: code.origin) else { throw error }
                let notice = PhoneSignInNotice.codeRefused(.phoneSignIn(pending.phoneNumber), triesLeft: left)
                StandardError.write("authflow: \(notice.cliMessage)")
            }
        }
    }

    /// The verification to finish: the one for `phone`, or the only one of the project.
    private static func pending(
        _ phone: String?, in store: PendingPhoneVerificationStore, project: SessionProject
    ) throws(PhoneSignInError) -> PendingPhoneVerification {
        if let phone {
            let number: PhoneNumber
            do {
                number = try PhoneNumber(validating: phone)
            } catch {
                throw .invalidNumber(error)
            }
            let loaded: PendingPhoneVerification?
            do {
                loaded = try store.load(number)
            } catch {
                throw .signIn(.storage(error))
            }
            guard let loaded else { throw .noPendingVerification(number, project: project) }
            return loaded
        }
        let all = store.all()
        guard let only = all.first else { throw .noPendingVerification(nil, project: project) }
        guard all.count == 1 else { throw .severalPending(all.map(\.phoneNumber)) }
        return only
    }
}
