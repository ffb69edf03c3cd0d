import ArgumentParser
import AuthflowCore
import AuthflowLocalization

/// `--link` and `--reauth`: whether a sign-in command signs in, adds its credential to the signed-in user, or
/// re-authenticates them. `Subject` words the help for what the command proves (a number, a provider, …).
struct SignInPurposeOptions<Subject: SignInPurposeSubject>: ParsableArguments {
    @Flag(name: .customLong("link"), help: Subject.link)
    var linkToUser = false

    @Flag(help: Subject.reauth)
    var reauth = false

    /// What the command is asked to do.
    var purpose: SignInPurpose { linkToUser ? .link : reauth ? .reauthenticate : .signIn }

    /// Refuses both flags at once; the command calls it where its own checks put it.
    func refuseBoth() throws {
        guard !(linkToUser && reauth) else { throw ValidationError(localized("Pass --link or --reauth, not both.")) }
    }
}

/// What a sign-in command's `--link` adds and its `--reauth` proves, as the flags' help says it.
protocol SignInPurposeSubject {
    /// The help of `--link`.
    static var link: ArgumentHelp { get }
    /// The help of `--reauth`.
    static var reauth: ArgumentHelp { get }
}

/// `phone sign-in`: a phone number.
enum PhoneNumberPurpose: SignInPurposeSubject {
    static let link = ArgumentHelp("Add the phone number to the signed-in user instead of signing in.")
    static let reauth = ArgumentHelp("Re-authenticate the signed-in user (the number must be theirs).")
}

/// `email-link complete`: an email link.
enum EmailLinkPurpose: SignInPurposeSubject {
    static let link = ArgumentHelp("Add email-link sign-in to the signed-in user instead of signing in.")
    static let reauth = ArgumentHelp("Re-authenticate the signed-in user (the link must be theirs).")
}

/// `oauth sign-in`: an identity provider.
enum ProviderPurpose: SignInPurposeSubject {
    static let link = ArgumentHelp("Add the provider to the signed-in user instead of signing in.")
    static let reauth = ArgumentHelp(
        "Re-authenticate the signed-in user with the provider (the provider account must be theirs).")
}

/// `apple sign-in`: an Apple ID.
enum ApplePurpose: SignInPurposeSubject {
    static let link = ArgumentHelp("Add Apple to the signed-in user instead of signing in.")
    static let reauth = ArgumentHelp("Re-authenticate the signed-in user with Apple (the Apple ID must be theirs).")
}
