import ArgumentParser

/// `authflow mfa …`: SMS second factors of the signed-in user, and finishing a sign-in that needs one.
struct MFACommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mfa",
        abstract: "Add, list and remove SMS second factors; finish a sign-in that needs one.",
        subcommands: [MFAEnrollCommand.self, MFAListCommand.self, MFAUnenrollCommand.self, MFAResolveCommand.self]
    )
}
