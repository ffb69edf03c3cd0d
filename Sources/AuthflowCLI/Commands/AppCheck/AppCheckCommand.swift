import ArgumentParser

/// `authflow app-check …`: App Check tokens for projects that enforce App Check.
struct AppCheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "app-check",
        abstract: "Get App Check tokens for a project that enforces Firebase App Check.",
        subcommands: [AppCheckObtainCommand.self]
    )
}
