import ArgumentParser
import AuthflowCore

/// The SMS options of `mfa enroll` and `mfa resolve`: the route, a fresh SMS, and the code.
struct SecondFactorSMSOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "How to prove the app: hosted, loopback or none (default: chosen from the configuration).",
            valueName: "route"))
    var verifier: VerifierArgument?

    @Flag(help: "Send a new SMS even if one sent in the last 5 minutes is still unused.")
    var resend = false

    @OptionGroup(title: "SMS code") var codes: PhoneCodeOptions

    @OptionGroup(title: "reCAPTCHA Enterprise") var recaptcha: RecaptchaTokenCommandOption

    /// The phone flow's options, with the wait and browser settings of `continuation`; `label` names the command.
    func options(_ continuation: SecondFactorContinuation, label: String) -> PhoneSignIn.Options {
        var continuation = continuation
        continuation.recaptchaTokenCommand = recaptcha
        return continuation.smsOptions(
            code: codes.code, codeCommand: codes.codeCommand, verifier: verifier, resend: resend, label: label)
    }
}
