import ArgumentParser

/// `authflow oauth …`: sign in with any identity provider Firebase offers, or unlink one.
struct OAuthCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "oauth",
        abstract: "Sign in with Google, GitHub, Microsoft, Yahoo, Twitter, Facebook, Apple, OIDC or SAML providers.",
        discussion: HelpEnding.text(
            statuses: AuthflowExitCode.browserSignIn,
            examples: [
                "authflow oauth sign-in --provider github.com",
                "authflow oauth unlink --provider github.com",
            ]),
        subcommands: [OAuthSignInCommand.self, OAuthUnlinkCommand.self]
    )
}
