import ArgumentParser

/// `authflow phone …`: sign in with a phone number and an SMS code.
struct PhoneCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "phone",
        abstract: "Sign in with a phone number: prove the app with reCAPTCHA, then confirm the SMS code.",
        subcommands: [PhoneSignInCommand.self, PhoneVerifyCommand.self]
    )
}
