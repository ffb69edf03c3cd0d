import ArgumentParser

/// `authflow apple …`: Sign in with Apple through Firebase's hosted handler or with Apple's identity token.
struct AppleCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "apple",
        abstract: "Sign in with Apple: through Firebase's hosted page, or with an identity token and nonce.",
        subcommands: [AppleSignInCommand.self, AppleNonceCommand.self, AppleRevokeCommand.self]
    )
}
