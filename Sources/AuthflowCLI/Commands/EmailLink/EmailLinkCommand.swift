import ArgumentParser

/// `authflow email-link …`: passwordless sign-in with a link sent by email.
struct EmailLinkCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "email-link",
        abstract: "Sign in with a link sent by email: send it, then complete it from the link or the email.",
        subcommands: [EmailLinkSendCommand.self, EmailLinkCompleteCommand.self]
    )
}
