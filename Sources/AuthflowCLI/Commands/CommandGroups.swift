import ArgumentParser

// The command groups under `authflow`, in one place so the whole tree reads at a glance. Each group only
// names its subcommands; the commands live in the folder named after the group.

/// `authflow link …`: work with links users clicked.
struct LinkCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "link",
        abstract: "Inspect email action links and auth callbacks.",
        discussion: HelpEnding.text(
            statuses: AuthflowExitCode.online,
            examples: [
                "authflow link inspect \"$LINK\"",
                "authflow link inspect --html page.html",
            ]),
        subcommands: [LinkInspectCommand.self]
    )
}

/// `authflow config`: inspect the project configuration.
struct ConfigCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Show the Firebase project configuration authflow would use.",
        discussion: HelpEnding.text(
            statuses: AuthflowExitCode.always,
            examples: [
                "authflow config",
                "authflow config show --json",
            ]),
        subcommands: [ConfigShowCommand.self],
        defaultSubcommand: ConfigShowCommand.self
    )
}

/// `authflow email-link …`: passwordless sign-in with a link sent by email.
struct EmailLinkCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "email-link",
        abstract: "Sign in with a link sent by email: send it, then complete it from the link or the email.",
        discussion: HelpEnding.text(
            statuses: AuthflowExitCode.browserSignIn,
            examples: [
                "authflow email-link send ada@example.com --continue-url https://example.com",
                "authflow email-link complete \"$LINK\"",
            ]),
        subcommands: [EmailLinkSendCommand.self, EmailLinkCompleteCommand.self]
    )
}

/// `authflow email …`: email-and-password accounts and what an address can sign in with.
struct EmailCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "email",
        abstract: "Look up an address's sign-in methods, sign in with a password, or verify the email.",
        discussion: HelpEnding.text(
            statuses: AuthflowExitCode.browserSignIn,
            examples: [
                "authflow email methods ada@example.com",
                "authflow email sign-in ada@example.com",
                "authflow email verify",
            ]),
        subcommands: [EmailMethodsCommand.self, EmailSignInCommand.self, EmailVerifyCommand.self]
    )
}

/// `authflow phone …`: sign in with a phone number and an SMS code.
struct PhoneCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "phone",
        abstract: "Sign in with a phone number: prove the app with reCAPTCHA, then confirm the SMS code.",
        discussion: HelpEnding.text(
            statuses: AuthflowExitCode.browserSignIn,
            examples: [
                "authflow phone sign-in +16505553434",
                "authflow phone verify",
            ]),
        subcommands: [PhoneSignInCommand.self, PhoneVerifyCommand.self]
    )
}

/// `authflow apple …`: Sign in with Apple through Firebase's hosted handler or with Apple's identity token.
struct AppleCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "apple",
        abstract: "Sign in with Apple: through Firebase's hosted page, or with an identity token and nonce.",
        discussion: HelpEnding.text(
            statuses: AuthflowExitCode.browserSignIn,
            examples: [
                "authflow apple sign-in",
                "authflow apple nonce --json",
            ]),
        subcommands: [AppleSignInCommand.self, AppleNonceCommand.self, AppleRevokeCommand.self]
    )
}

/// `authflow mfa …`: second factors (SMS or TOTP) of the signed-in user, and finishing a sign-in that needs one.
struct MFACommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mfa",
        abstract: "Add, list and remove second factors (SMS, or a TOTP authenticator app); finish a sign-in that "
            + "needs one.",
        discussion: HelpEnding.text(
            statuses: AuthflowExitCode.browserSignIn,
            examples: [
                "authflow mfa enroll +16505553434",
                "authflow mfa enroll --totp",
                "authflow mfa resolve",
            ]),
        subcommands: [MFAEnrollCommand.self, MFAListCommand.self, MFAUnenrollCommand.self, MFAResolveCommand.self]
    )
}
