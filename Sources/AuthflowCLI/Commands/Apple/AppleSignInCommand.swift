import ArgumentParser
import AuthflowCore
import AuthflowIdentityToolkit
import AuthflowLocalization
import Foundation

/// `authflow apple sign-in`: Sign in with Apple through Firebase's hosted handler, or with Apple's identity
/// token and the raw nonce.
struct AppleSignInCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sign-in",
        _superCommandName: "authflow",
        abstract: "Sign in with Apple (hosted page, identity token, or the updated credential of a refused link).",
        discussion: """
            Apple returns only to a registered HTTPS address, Firebase's \
            https://PROJECT.firebaseapp.com/__/auth/handler, never to this machine. So by default authflow opens \
            that handler (the emulator's /emulator/auth/handler against an emulator) as the iOS SDK does: Apple \
            answers the handler, and the handler sends the browser to the iOS app's custom scheme \
            (SCHEME://firebaseauth/link?…), which `authflow register-scheme SCHEME` makes the desktop hand to \
            `authflow handle-url`; or paste that final address (--no-browser prints the page's URL and reads the \
            paste). Needs --client-id or --app-id and --ios-bundle-id (a GoogleService-Info.plist has them). \
            --scopes email,name asks Apple for the address and the name; --locale sets Apple's page language \
            (e.g. fr_FR), --lang the Firebase page's.

            --id-token TOKEN --nonce RAW: for callers that ran Apple's flow themselves. RAW is the nonce whose \
            SHA-256 (lowercase hex) went into Apple's request (`authflow apple nonce` makes a pair); \
            --full-name "Given Family" passes the name Apple sent on the first authorization (the first word is \
            the given name). Pass - as TOKEN to read it from standard input.

            Apple gives no photo, may share a private relay address (…@privaterelay.appleid.com, which forwards \
            to the person's inbox), and sends the name only the first time; authflow shows what it got.

            --link adds Apple to the signed-in user; --reauth re-authenticates them (as Apple requires before \
            revoking and deleting: see `authflow apple revoke`). When --link is refused because the Apple ID \
            belongs to another user, Firebase's updated credential is kept for 10 minutes and \
            --updated-credential signs in to that account with it.

            --route web signs in with the Firebase JS SDK in your browser instead, on a page authflow serves at \
            http://localhost:PORT (Apple's supported path for the web; localhost must be an authorized domain), \
            as `authflow oauth sign-in --provider apple.com --route web` does; --web-sdk-url BASE loads the SDK \
            from BASE instead of Google's CDN. It signs in, re-authenticates and links (--link); a --reauth there \
            also keeps Apple's access token so `authflow delete-account` can revoke it.

            \(HelpEnding.text(statuses: AuthflowExitCode.browserSignIn, examples: examples))
            """
    )

    /// The command lines its help shows (`HelpEndingTests` parses each one).
    static let examples = [
        "authflow apple sign-in",
        "authflow apple sign-in --id-token \"$ID_TOKEN\" --nonce \"$RAW_NONCE\"",
    ]

    @Option(help: ArgumentHelp("Apple scopes to request, comma-separated: email, name.", valueName: "scopes"))
    var scopes: String?

    @Option(
        help: ArgumentHelp("Language of Apple's pages (Apple's locale parameter), e.g. fr_FR.", valueName: "locale"))
    var locale: String?

    @Option(
        name: .customLong("id-token"),
        help: ArgumentHelp("Apple's identity token (a JWT), or - to read it from standard input.", valueName: "token"))
    var idToken: String?

    @Option(
        help: ArgumentHelp("The raw nonce whose SHA-256 went into Apple's request (with --id-token).", valueName: "raw")
    )
    var nonce: String?

    @Option(
        name: .customLong("full-name"),
        help: ArgumentHelp("The name Apple sent on the first authorization (with --id-token).", valueName: "name"))
    var fullName: String?

    @Option(
        help: ArgumentHelp(
            "hosted (Firebase's hosted page, the default) or web (the Firebase JS SDK on a localhost page).",
            valueName: "route"))
    var route: String?

    @Option(
        name: .customLong("web-sdk-url"),
        help: OAuthSignInCommand.webSDKURLHelp)
    var webSDKURL: String?

    @Flag(
        name: .customLong("updated-credential"),
        help: "Sign in with the credential Firebase returned when --link was refused.")
    var updatedCredential = false

    @OptionGroup var purposeFlags: SignInPurposeOptions<ApplePurpose>

    @OptionGroup var format: JSONOutputOptions<ReplacedSentence>

    @OptionGroup var wait: WaitOptions

    @OptionGroup(title: "Browser") var browser: BrowserOptions

    @OptionGroup(title: "Second factor") var secondFactor: SecondFactorOptions

    @OptionGroup(title: "Project") var project: ProjectOptions

    @OptionGroup(title: "Output") var output: OutputOptions

    func validate() throws {
        try purposeFlags.refuseBoth()
        guard (idToken == nil) == (nonce == nil) else {
            throw ValidationError(
                localized(
                    "--id-token and --nonce go together: Firebase checks the token's nonce claim against "
                        + "the SHA-256 of the raw nonce."))
        }
        for (flag, value) in [("--id-token", idToken), ("--nonce", nonce)] {
            if let value, value.isBlankOrNewlines {
                throw ValidationError(EmptyFlagWording.message(flag: flag))
            }
        }
        if fullName != nil, idToken == nil {
            throw ValidationError(
                localized("--full-name goes with --id-token; on the hosted page Apple sends the name itself."))
        }
        if idToken != nil || updatedCredential, scopes != nil || locale != nil {
            throw ValidationError(
                localized(
                    "--scopes and --locale are for Apple's page; with --id-token or --updated-credential "
                        + "no page is opened."))
        }
        if updatedCredential, idToken != nil || purposeFlags.linkToUser || purposeFlags.reauth {
            throw ValidationError(
                localized(
                    "--updated-credential signs in to the account the Apple ID belongs to; it cannot be "
                        + "combined with --id-token, --link or --reauth."))
        }
        if let route, OAuthRoute(rawValue: route) == nil {
            throw ValidationError(localized("--route is hosted or web, not \(route)."))
        }
        if route == OAuthRoute.web.rawValue, idToken != nil || updatedCredential || locale != nil {
            throw ValidationError(
                localized(
                    "--route web opens the Firebase JS SDK's page; it cannot be combined with "
                        + "--id-token, --updated-credential or --locale."))
        }
        if let webSDKURL, FirebaseWebSDK(base: webSDKURL) == nil {
            throw ValidationError(
                localized("--web-sdk-url \(webSDKURL) is not an http(s) address without a query."))
        }
        if let nonce, nonce.count == 64, nonce.allSatisfy(\.isHexDigit), nonce == nonce.lowercased() {
            // Not an error (a raw nonce may look like this), but the usual mistake.
            StandardError.write(
                localized("authflow: note: --nonce looks like a SHA-256 hash; Firebase wants the raw nonce."))
        }
    }

    func run() async throws {
        var context = try CommandContext(options: project, verbose: output.verbose)
        context.useBrowserForAppCheck(browser, templates: .standard(explicit: wait.templates))
        let purpose = purposeFlags.purpose
        if route == OAuthRoute.web.rawValue {
            try await runWeb(context: context, purpose: purpose)
            return
        }
        let flow = AppleSignIn(try context.flowEnvironment())
        var token: String?
        if let idToken { token = try await Self.readToken(idToken) }
        let completed: AppleSignIn.Completed
        do throws(AppleSignInError) {
            if let token, let nonce {
                completed = try await flow.signIn(
                    with: .identityToken(token, rawNonce: nonce, fullName: fullName.map(Self.personName)),
                    purpose: purpose)
            } else if updatedCredential {
                completed = try await flow.signIn(with: try flow.updatedCredential(), purpose: .signIn)
            } else {
                let options = AppleSignIn.Options(
                    scopes: Self.list(scopes), locale: locale,
                    round: wait.round(browser, label: "authflow apple sign-in"))
                let interaction = TerminalOAuthInteraction(timeout: wait.duration, signInWithApple: true)
                completed = try await flow.run(purpose: purpose, options: options, interaction: interaction)
            }
        } catch {
            throw context.report(.from(error))
        }
        try await report(
            completed.result, profile: completed.profile, route: completed.route, purpose: purpose, context: context)
    }

    /// Prints the outcome with what Apple shared, and continues into a second factor.
    private func report(
        _ result: SignInResult, profile: AppleProfile, route: String, purpose: SignInPurpose, context: CommandContext
    ) async throws {
        try await SignInReport.finish(
            result, purpose: purpose, json: format.json,
            secondFactor: SecondFactorContinuation(
                context: context, options: secondFactor, browser: browser, wait: wait),
            extraJSON: [
                ("route", .string(route)),
                (
                    "apple",
                    .object([
                        ("userId", .optional(profile.appleUserID)), ("email", .optional(profile.email)),
                        ("privateRelay", .bool(profile.isPrivateRelay)), ("fullName", .optional(profile.fullName)),
                    ])
                ),
            ],
            extraText: Self.profileLines(profile), method: localized("Sign in with Apple"))
    }

    /// `--route web`: the generic OAuth flow's web route for apple.com, reported as Apple's.
    private func runWeb(context: CommandContext, purpose: SignInPurpose) async throws {
        let flow = OAuthSignIn(try context.flowEnvironment())
        let completed: OAuthSignIn.Completed
        do throws(OAuthSignInError) {
            let options = OAuthSignIn.Options(
                scopes: Self.list(scopes), round: wait.round(browser, label: "authflow apple sign-in"))
            let web = OAuthSignIn.WebOptions(sdk: webSDKURL.flatMap(FirebaseWebSDK.init(base:)) ?? .google)
            let interaction = TerminalOAuthWebInteraction(timeout: wait.duration)
            completed = try await flow.runWeb(
                .apple, purpose: purpose, options: options, web: web, interaction: interaction)
        } catch {
            throw context.report(.from(error))
        }
        try await report(
            completed.result, profile: AppleProfile(completed.profile), route: completed.route, purpose: purpose,
            context: context)
    }

    /// What Apple shared, for the text output.
    static func profileLines(_ profile: AppleProfile) -> [String] {
        var lines: [String] = []
        if let name = profile.fullName { lines.append(localized("Name from Apple: \(name).")) }
        if let email = profile.email, profile.isPrivateRelay {
            lines.append(
                localized(
                    "Apple shared a private relay address, \(email): mail to it reaches the person's own inbox."))
        }
        return lines
    }

    /// `Given Family Names` → given `Given`, family `Family Names`.
    static func personName(_ text: String) -> IdpPostBody.PersonName {
        let parts = text.trimmingCharacters(in: .whitespaces).split(separator: " ", maxSplits: 1).map(String.init)
        return IdpPostBody.PersonName(firstName: parts.first, lastName: parts.count > 1 ? parts[1] : nil)
    }

    static func list(_ text: String?) -> [String] {
        (text ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// The token as given, or the first line of standard input for `-`.
    static func readToken(_ value: String) async throws(CommandFailure) -> String {
        guard value == "-" else { return value }
        guard let line = await InputLines.standardInput.next()?.trimmingCharacters(in: .whitespaces), !line.isEmpty
        else {
            throw CommandFailure(
                localized("--id-token - reads the token from standard input, which was empty."), status: .usage)
        }
        return line
    }
}
