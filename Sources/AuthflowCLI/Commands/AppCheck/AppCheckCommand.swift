import ArgumentParser

/// `authflow app-check …`: App Check tokens for projects that enforce App Check.
struct AppCheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "app-check",
        abstract: "Get App Check tokens for a project that enforces Firebase App Check.",
        discussion: HelpEnding.text(
            statuses: AuthflowExitCode.online + [.browserTimeout, .interrupted],
            examples: [
                "authflow app-check token --app-check-debug-token \"$APP_CHECK_DEBUG\"",
                "authflow app-check token --app-check-site-key \"$SITE_KEY\"",
            ]),
        subcommands: [AppCheckObtainCommand.self]
    )
}
