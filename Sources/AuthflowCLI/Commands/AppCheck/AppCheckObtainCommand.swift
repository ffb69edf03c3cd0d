import ArgumentParser
import AuthflowCore
import AuthflowIdentityToolkit
import AuthflowListener
import AuthflowLocalization
import AuthflowPrimitives
import Foundation

/// `authflow app-check token`: obtains an App Check token from the configured source and caches it, so later
/// commands (which open no browser) can use it. The token itself is never printed.
struct AppCheckObtainCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "token",
        _superCommandName: "authflow",
        abstract: "Obtain an App Check token now and cache it for the commands that follow (it is not printed).",
        discussion: """
            Uses the configured source: --app-check-debug-token, --app-check-token-command, or \
            --app-check-site-key, for which a browser page gets a reCAPTCHA Enterprise token (this is how a \
            web app registered with App Check's reCAPTCHA Enterprise provider gets tokens on a machine that \
            opens no browser otherwise). The token is kept in the project's state directory (mode 0600) until \
            5 minutes before it expires.

            \(HelpEnding.text(statuses: AuthflowExitCode.online + [.browserTimeout, .interrupted], examples: examples))
            """
    )

    /// The command lines its help shows (`HelpEndingTests` parses each one).
    static let examples = [
        "authflow app-check token --app-check-debug-token \"$APP_CHECK_DEBUG\"",
        "authflow app-check token --app-check-site-key \"$SITE_KEY\" --json",
    ]

    @OptionGroup(title: "Project")
    var project: ProjectOptions

    @OptionGroup(title: "Browser")
    var browser: BrowserOptions

    @OptionGroup
    var standIn: RecaptchaStandInOption

    @OptionGroup var format: JSONOutputOptions<ReplacedSentence>

    @OptionGroup(title: "Output")
    var output: OutputOptions

    func run() async throws {
        let context = try CommandContext(options: project, verbose: output.verbose)
        guard context.configuration.appCheckSource != nil else {
            throw CommandFailure(
                localized("No App Check token source is configured. ") + AppCheckWording.threeWays, status: .usage)
        }
        guard context.configuration.usesAppCheck else {
            throw CommandFailure(AppCheckWording.emulatorWithoutURL, status: .usage)
        }
        let page = CommandContext.appCheckPage(
            browser, templates: .standard(), script: try standIn.script(context: context),
            project: context.namedProject)
        let exchanger = try context.client().withAppCheck(nil)
        guard let supply = context.appCheckSupply(exchanger: exchanger, page: page) else { return }
        do {
            _ = try await supply.appCheckToken()
        } catch {
            throw context.report(.from(IdentityToolkitError.appCheck(error)))
        }
        let expiry = await supply.expiry().map { ISO8601DateFormatter().string(from: $0) }
        if format.json {
            // The token itself stays out of the output, as in the sentence.
            let standardOutput = StandardOutput()
            standardOutput.write(
                bytes: JSONLineWriter.line([
                    ("projectId", .optional(context.configuration.projectID)),
                    ("source", .string(supply.source.rawValue)), ("expiresAt", .optional(expiry)),
                ]))
            standardOutput.flush()
            return
        }
        let source = AppCheckWording.flag(supply.source)
        if let until = expiry {
            StandardError.write(
                localized(
                    "authflow: App Check token ready for \(context.projectLabel) (\(source)) until \(until); "
                        + "commands with the same settings use it."))
        } else {
            StandardError.write(
                localized(
                    "authflow: App Check token ready for \(context.projectLabel) (\(source)); "
                        + "commands with the same settings use it."))
        }
    }
}
