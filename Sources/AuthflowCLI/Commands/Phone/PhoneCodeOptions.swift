import ArgumentParser
import AuthflowCore
import AuthflowLocalization

/// Where the SMS code may come from besides the page and the terminal.
struct PhoneCodeOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The SMS code, if you already have it.", valueName: "code"))
    var code: String?

    @Option(
        name: .customLong("code-command"),
        help: ArgumentHelp(
            "Run this shell command after the SMS is sent and use the first line it prints as the code "
                + "($AUTHFLOW_PHONE_NUMBER and $AUTHFLOW_VERIFICATION_ID are set).",
            valueName: "command"))
    var codeCommand: String?

    func validate() throws {
        if let code, code.isBlank {
            throw ValidationError(localized("--code must not be empty."))
        }
        if let codeCommand, codeCommand.isBlank {
            throw ValidationError(localized("--code-command must not be empty."))
        }
        if code != nil, codeCommand != nil {
            throw ValidationError(
                localized(
                    "Pass --code or --code-command, not both."))
        }
    }

    /// The command, allowed to run for `timeout`.
    func command(timeout: Duration) -> CodeProgram? {
        codeCommand.map { CodeProgram($0, timeout: timeout) }
    }
}

/// `--verifier` values: the Core routes, spelled for the command line.
enum VerifierArgument: String, ExpressibleByArgument, CaseIterable {
    case hosted, loopback, none

    var verifier: PhoneVerifier {
        switch self {
        case .hosted: .hosted
        case .loopback: .loopback
        case .none: PhoneVerifier.none
        }
    }
}
