import ArgumentParser

/// `authflow config`: inspect the project configuration.
struct ConfigCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Show the Firebase project configuration authflow would use.",
        subcommands: [ConfigShowCommand.self],
        defaultSubcommand: ConfigShowCommand.self
    )
}
