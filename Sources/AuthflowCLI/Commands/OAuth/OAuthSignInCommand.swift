import ArgumentParser
import AuthflowCore
import AuthflowLocalization
import AuthflowPrimitives

/// `authflow oauth sign-in`: sign in with any identity provider Firebase offers, through Firebase's hosted
/// handler, or with the credential an account collision left behind.
struct OAuthSignInCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sign-in",
        _superCommandName: "authflow",
        abstract:
            "Sign in with an identity provider (Google, GitHub, Microsoft, Yahoo, Twitter, Facebook, Apple, OIDC, SAML).",
        discussion: """
            --provider is a Firebase provider ID: google.com, github.com, microsoft.com, yahoo.com, twitter.com, \
            facebook.com, apple.com, or an Identity Platform provider oidc.NAME or saml.NAME. Enable it first in the \
            Firebase console (Authentication › Sign-in method) with the client ID and secret the provider issued.

            --route hosted (the default) opens Firebase's hosted handler, https://AUTH_DOMAIN/__/auth/handler (the \
            emulator's /emulator/auth/handler against an emulator), as the iOS SDK's headful flow does: the \
            provider answers the handler, and the handler sends the browser to the iOS app's custom scheme \
            (SCHEME://firebaseauth/link?…), which `authflow register-scheme SCHEME` makes the desktop hand to \
            `authflow handle-url`; or paste that final address (--no-browser prints the page's URL and reads the \
            paste). Needs --client-id or --app-id and --ios-bundle-id (a GoogleService-Info.plist has them). This \
            is the iOS SDK's production path for Google, GitHub, Microsoft, Yahoo, Twitter, OIDC and SAML. The iOS \
            SDK refuses apple.com and facebook.com on it outside the emulator (Apple's and Facebook's terms for \
            native apps), so for those two it is proven only against an emulator, and they default to --route web \
            against production.

            --route web serves a page on http://localhost:PORT that runs the Firebase JS SDK (version \
            \(FirebaseWebSDK.pinnedVersion) from https://www.gstatic.com/firebasejs/; --web-sdk-url BASE loads \
            BASE/firebase-app.js and BASE/firebase-auth.js instead, e.g. a mirror or a local copy) with the \
            project's web config (--api-key, --project-id, --auth-domain, --app-id): signInWithPopup. A pop-up the \
            browser blocks is opened by a click on the page's button; the page does not fall back to \
            signInWithRedirect, whose result never comes back to a page on another site than the auth domain in \
            browsers that partition storage by site (Chromium), except against an emulator on localhost, the \
            page's own site. The page posts the user's tokens back; authflow checks \
            the ID token's aud, iss and exp against --project-id and stores the session. localhost must be an \
            authorized domain (Authentication › Settings › Authorized domains). This is the JS SDK's production \
            path for every provider, Apple and Facebook included. --link there: the page signs in with the provider \
            and posts the provider's credential, which authflow links to the signed-in user (an account the \
            page's sign-in had just created for it is deleted first). A second factor is asked for on the page \
            (an authenticator code, or an SMS code after reCAPTCHA).

            --device signs in with a code entered on another device (the OAuth device grant; github.com, \
            google.com, facebook.com and oidc.NAME, with the device client flags below). On a machine where no \
            browser can be launched (no display, SSH without a forwarded one, no xdg-open), it is the route taken \
            on its own when the provider's device client is configured, and the first line says so; --route \
            hosted|web, --browser or $BROWSER keep a browser route.

            --scopes a,b asks for more OAuth scopes; --custom-parameter KEY=VALUE (repeatable) passes provider \
            parameters such as prompt=select_account, login_hint=…, or tenant=… for Microsoft.

            The result shows the profile the provider shared (email, name, photo URL, provider user ID; the whole \
            rawUserInfo under --json). --show-provider-tokens also shows the provider's OAuth access token and ID \
            token (a GitHub access token calls GitHub's API); they are never shown otherwise.

            --link adds the provider to the signed-in user; --reauth re-authenticates them. When the provider \
            account collides with an existing one (linked to another user, or its email taken), authflow says \
            which providers that account has and keeps the credential Firebase returned for 10 minutes: sign in \
            to that account with one of them, then --link --pending adds this provider without another browser \
            round (--pending alone signs in to the account the credential belongs to).

            \(HelpEnding.text(statuses: AuthflowExitCode.browserSignIn, examples: examples))
            """
    )

    /// The command lines its help shows (`HelpEndingTests` parses each one).
    static let examples = [
        "authflow oauth sign-in --provider github.com",
        "authflow oauth sign-in --provider google.com --route web",
        "authflow oauth sign-in --provider github.com --device",
    ]

    @Option(
        help: ArgumentHelp(
            "The provider ID: google.com, github.com, microsoft.com, yahoo.com, twitter.com, facebook.com, apple.com, oidc.NAME, saml.NAME.",
            valueName: "provider"),
        completion: .list(Self.providerIDs))
    var provider: String?

    /// The provider IDs `--provider` completes to: the built-in ones, then the prefixes of Identity Platform
    /// providers (`oidc.` and `saml.`, which take a name after them).
    static let providerIDs = OAuthProvider.builtIn.map(\.id) + ["oidc.", "saml."]

    @Option(
        help: ArgumentHelp(
            "hosted (Firebase's hosted page, returning through the iOS app's scheme) or web.", valueName: "route"))
    var route: String?

    @Option(help: ArgumentHelp("OAuth scopes to request, comma-separated.", valueName: "scopes"))
    var scopes: String?

    @Option(
        name: .customLong("custom-parameter"),
        help: ArgumentHelp(
            "A provider parameter KEY=VALUE (repeatable), e.g. prompt=select_account.", valueName: "key=value"))
    var customParameters: [String] = []

    @Option(
        name: .customLong("web-sdk-url"),
        help: webSDKURLHelp)
    var webSDKURL: String?

    /// `--web-sdk-url`'s help, shared with `apple sign-in`.
    static let webSDKURLHelp = ArgumentHelp(
        "With --route web: where to load firebase-app.js and firebase-auth.js from instead of Google's CDN. A "
            + "mirror of the CDN files must rewrite firebase-auth.js's import of "
            + "https://www.gstatic.com/firebasejs/VERSION/firebase-app.js to the mirror's own firebase-app.js: "
            + "the page allows scripts only from this base, so the page cannot load the SDK otherwise.",
        valueName: "base-url")

    @Flag(help: "Use the provider credential kept after an account collision instead of opening the browser.")
    var pending = false

    @Flag(
        name: .customLong("device"),
        help:
            "Sign in on another device with a code (OAuth device grant): github.com, google.com, facebook.com, oidc.*.")
    var device = false

    @OptionGroup var purposeFlags: SignInPurposeOptions<ProviderPurpose>

    @Flag(name: .customLong("show-provider-tokens"), help: "Also print the provider's OAuth access token and ID token.")
    var showProviderTokens = false

    @OptionGroup var format: JSONOutputOptions<ReplacedSentence>

    @OptionGroup var wait: WaitOptions

    @OptionGroup(title: "Browser") var browser: BrowserOptions

    @OptionGroup(title: "Device sign-in") var deviceClients: DeviceClientOptions

    @OptionGroup(title: "Second factor") var secondFactor: SecondFactorOptions

    @OptionGroup(title: "Project") var project: ProjectOptions

    @OptionGroup(title: "Output") var output: OutputOptions

    func validate() throws {
        try purposeFlags.refuseBoth()
        if let provider, OAuthProvider(id: provider) == nil {
            throw ValidationError(
                localized(
                    "--provider \(provider) is not a Firebase provider ID: use google.com, github.com, "
                        + "microsoft.com, yahoo.com, twitter.com, facebook.com, apple.com, oidc.NAME or saml.NAME."))
        }
        guard provider != nil || pending else {
            throw ValidationError(localized("Name the provider with --provider (e.g. --provider github.com)."))
        }
        if let route, OAuthRoute(rawValue: route) == nil {
            throw ValidationError(localized("--route is hosted or web, not \(route)."))
        }
        if pending, scopes != nil || !customParameters.isEmpty || route != nil || purposeFlags.reauth {
            throw ValidationError(
                localized(
                    "--pending uses the credential kept after a collision; no page is opened, so "
                        + "--scopes, --custom-parameter, --route and --reauth do not apply."))
        }
        if device {
            if pending || route != nil || webSDKURL != nil {
                throw ValidationError(
                    localized(
                        "--device signs in with a code on another device; --pending, --route and --web-sdk-url do not apply."
                    ))
            }
            if let chosen = provider.flatMap(OAuthProvider.init(id:)), !OAuthSignIn.hasDeviceRoute(chosen) {
                throw ValidationError(OAuthSignInError.noDeviceRoute(chosen))
            }
        }
        _ = try Self.parameters(customParameters)
        if let webSDKURL, FirebaseWebSDK(base: webSDKURL) == nil {
            throw ValidationError(
                localized(
                    "--web-sdk-url \(webSDKURL) is not an http(s) address without a query, e.g. "
                        + "https://www.gstatic.com/firebasejs/\(FirebaseWebSDK.pinnedVersion)."))
        }
    }

    func run() async throws {
        let context = try CommandContext(
            options: project, moreFlags: deviceClients.flagLayer, verbose: output.verbose)
        let purpose = purposeFlags.purpose
        let environment = try context.flowEnvironment()
        let flow = OAuthSignIn(environment)
        let chosen = provider.flatMap { OAuthProvider(id: $0) }
        let parameters = try Self.parameters(customParameters)
        let completed: OAuthSignIn.Completed
        do throws(OAuthSignInError) {
            if pending {
                completed = try await flow.signInWithPending(chosen, purpose: purpose)
            } else if let chosen {
                let emulator = environment.configuration.emulatorHost != nil
                switch flow.routeChoice(
                    for: chosen, device: device, route: route.flatMap(OAuthRoute.init(rawValue:)),
                    presentation: browser.presentation)
                {
                case .device(let headless):
                    if let headless {
                        let other = OAuthRoute.standard(for: chosen, emulator: emulator)
                        StandardError.write(NoBrowserWording.deviceInstead(headless, other: other))
                    }
                    completed = try await flow.runDevice(
                        chosen, purpose: purpose, interaction: TerminalDeviceInteraction(json: format.json))
                case .browser(let selected):
                    completed = try await runBrowser(
                        flow, chosen, route: selected, purpose: purpose, parameters: parameters, emulator: emulator)
                }
            } else {
                throw OAuthSignInError.noPendingCredential(project: environment.project)
            }
        } catch {
            throw context.report(.from(error))
        }
        let profile = completed.profile
        try await SignInReport.finish(
            completed.result, purpose: purpose, json: format.json,
            secondFactor: SecondFactorContinuation(
                context: context, options: secondFactor, browser: browser, wait: wait),
            extraJSON: [
                ("route", .string(completed.route)), ("provider", Self.json(profile, tokens: showProviderTokens)),
            ],
            extraText: Self.profileLines(profile, tokens: showProviderTokens), method: profile.providerID)
    }

    /// The hosted or web route for `provider`.
    private func runBrowser(
        _ flow: OAuthSignIn, _ provider: OAuthProvider, route: OAuthRoute, purpose: SignInPurpose,
        parameters: [String: String], emulator: Bool
    ) async throws(OAuthSignInError) -> OAuthSignIn.Completed {
        let options = OAuthSignIn.Options(
            scopes: AppleSignInCommand.list(scopes), customParameters: parameters,
            round: wait.round(browser, label: "authflow oauth sign-in"))
        if route == .web {
            let web = OAuthSignIn.WebOptions(sdk: webSDKURL.flatMap(FirebaseWebSDK.init(base:)) ?? .google)
            let interaction = TerminalOAuthWebInteraction(timeout: wait.duration)
            return try await flow.runWeb(
                provider, purpose: purpose, options: options, web: web, interaction: interaction)
        }
        if !emulator, !provider.hostedRouteProvenInProduction {
            StandardError.write(
                localized(
                    "authflow: note: the hosted page with an iOS app's return is not proven "
                        + "against production for \(provider.id) (the iOS SDK refuses it there)."))
        }
        let interaction = TerminalOAuthInteraction(timeout: wait.duration)
        return try await flow.run(provider, purpose: purpose, options: options, interaction: interaction)
    }

    /// The profile (and, when asked, the provider's tokens) for `--json`.
    static func json(_ profile: OAuthProfile, tokens: Bool) -> JSONValue {
        var fields: [(String, JSONValue)] = [
            ("providerId", .string(profile.providerID)), ("providerUserId", .optional(profile.providerUserID)),
            ("email", .optional(profile.email)), ("displayName", .optional(profile.displayName)),
            ("photoUrl", .optional(profile.photoURL)),
            ("rawUserInfo", profile.rawUserInfo.flatMap { try? JSONParser.parse($0) } ?? .null),
        ]
        if tokens {
            fields.append(("accessToken", .optional(profile.accessToken)))
            fields.append(("idToken", .optional(profile.idToken)))
            if let secret = profile.tokenSecret { fields.append(("tokenSecret", .string(secret))) }
        }
        return .object(fields)
    }

    /// What the provider shared, for the text output.
    static func profileLines(_ profile: OAuthProfile, tokens: Bool) -> [String] {
        var lines: [String] = []
        var shared: [String] = []
        // All the provider's: each value escaped whole (line feeds too), so none can drive the terminal or forge
        // a line such as another "Signed in as".
        let escaped = TerminalText.escaped
        if let name = profile.displayName { shared.append(localized("name \(escaped(name))")) }
        if let email = profile.email { shared.append(localized("email \(escaped(email))")) }
        if let id = profile.providerUserID { shared.append(localized("user ID \(escaped(id))")) }
        if let photo = profile.photoURL { shared.append(localized("photo \(escaped(photo))")) }
        if !shared.isEmpty {
            lines.append(localized("From \(escaped(profile.providerID)): \(shared.joined(separator: ", "))."))
        }
        if tokens {
            let none = localized("(none)")
            lines.append(localized("Provider access token: \(profile.accessToken ?? none)"))
            lines.append(localized("Provider ID token: \(profile.idToken ?? none)"))
            if let secret = profile.tokenSecret { lines.append(localized("Provider token secret: \(secret)")) }
        }
        return lines
    }

    /// `KEY=VALUE` pairs, each key once.
    static func parameters(_ pairs: [String]) throws(ValidationError) -> [String: String] {
        var parameters: [String: String] = [:]
        for pair in pairs {
            guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
                throw ValidationError(
                    localized("--custom-parameter takes KEY=VALUE (e.g. prompt=select_account), not \(pair)."))
            }
            let key = String(pair[..<equals])
            guard parameters[key] == nil else {
                throw ValidationError(localized("--custom-parameter \(key) is given twice."))
            }
            parameters[key] = String(pair[pair.index(after: equals)...])
        }
        return parameters
    }
}
