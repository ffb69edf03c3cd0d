import ArgumentParser

/// `authflow email …`: email-and-password accounts and what an address can sign in with.
struct EmailCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "email",
        abstract: "Look up an address's sign-in methods, sign in with a password, or verify the email.",
        subcommands: [EmailMethodsCommand.self, EmailSignInCommand.self, EmailVerifyCommand.self]
    )
}
