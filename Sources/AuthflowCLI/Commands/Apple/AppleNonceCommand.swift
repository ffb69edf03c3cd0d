import ArgumentParser
import AuthflowCore

/// `authflow apple nonce`: a fresh raw nonce and the SHA-256 that goes into Apple's request.
struct AppleNonceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "nonce",
        _superCommandName: "authflow",
        abstract: "Print a fresh nonce for Apple's request: the raw value and its SHA-256.",
        discussion: """
            Put the sha256 value (lowercase hex) into Apple's authorization request as `nonce`; keep the raw value \
            and pass it later as `authflow apple sign-in --id-token TOKEN --nonce RAW`. Firebase hashes the raw \
            value and compares it with the token's nonce claim. The raw value comes from the system's \
            cryptographic random generator.

            \(HelpEnding.text(statuses: AuthflowExitCode.always, examples: examples))
            """
    )

    /// The command lines its help shows (`HelpEndingTests` parses each one).
    static let examples = [
        "authflow apple nonce",
        "authflow apple nonce --json",
    ]

    @OptionGroup var format: JSONOutputOptions<ReplacedNoncePair>

    @OptionGroup var language: LanguageOptions

    func run() throws {
        let nonce = AppleNonce.make()
        let output = StandardOutput()
        if format.json {
            output.write(bytes: JSONLineWriter.line([("raw", .string(nonce.raw)), ("sha256", .string(nonce.sha256))]))
        } else {
            output.write("raw:    \(nonce.raw)\nsha256: \(nonce.sha256)\n")
        }
        output.flush()
    }
}
