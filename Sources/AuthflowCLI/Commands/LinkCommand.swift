import ArgumentParser

/// `authflow link …`: work with links users clicked.
struct LinkCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "link",
        abstract: "Inspect email action links and auth callbacks.",
        subcommands: [LinkInspectCommand.self]
    )
}
