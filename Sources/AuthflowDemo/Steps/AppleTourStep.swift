import AuthflowLocalization
import AuthflowPrimitives
import Foundation

/// Sign in with Apple through the backend's stand-in for Apple's page (the emulator's IdP widget), the way
/// the hosted handler works in production: the page ends by sending the browser to the app's custom scheme,
/// and the desktop hands that URL to `authflow handle-url`. Headless Chromium plays the person when it is
/// installed; without it the tour takes the route for apps that ran Apple's flow themselves.
struct AppleTourStep: TourStep {
    /// An iOS app ID, which gives the callback scheme `app-1-1234567890-ios-0a1b2c3d4e5f`.
    static let appID = "1:1234567890:ios:0a1b2c3d4e5f"
    static let scheme = "app-1-1234567890-ios-0a1b2c3d4e5f"
    /// The app the hosted handler checks the scheme against (`ibi`).
    static let bundleID = "com.example.authflow.demo"
    static let app = ["--app-id", appID, "--ios-bundle-id", bundleID]
    static let relayEmail = "ada.q7x2@privaterelay.appleid.com"
    static let fullName = "Ada Lovelace"

    func run(in context: DemoContext) async throws(DemoFailure) -> String {
        if context.interactive {
            return try await byPerson(context)
        }
        if context.settings.headlessBrowser,
            let programs = HeadlessChromium.locate(environment: context.settings.environment)
        {
            return try await byHeadlessChromium(context, programs)
        }
        context.narrator.say(
            context.settings.headlessBrowser
                ? localized(
                    "Chromium and chromedriver are not installed (Debian: chromium, chromium-driver), so the tour "
                        + "takes\nthe route for apps that ran Apple's flow themselves: Apple's identity token and its "
                        + "raw nonce.")
                : localized(
                    "Without the headless browser (--no-headless-browser) the tour takes\nthe route for apps that "
                        + "ran Apple's flow themselves: Apple's identity token and its raw nonce."))
        return try await byIdentityToken(context)
    }

    private func byHeadlessChromium(
        _ context: DemoContext, _ programs: HeadlessChromium.Programs
    ) async throws(DemoFailure) -> String {
        let narrator = context.narrator
        narrator.say(
            localized(
                "authflow prints the sign-in page (the backend's stand-in for Apple's) and waits for the answer on "
                    + "the\napp's custom scheme:"))
        let run = try context.start(["apple", "sign-in", "--no-browser"] + Self.app)
        do throws(DemoFailure) {
            let found = await run.waitForOutput(limit: .seconds(60)) { line -> String? in
                let text = line.trimmingCharacters(in: .whitespaces)
                return text.hasPrefix("http") && text.contains("/emulator/auth/handler?") ? text : nil
            }
            guard let page = found else {
                try await run.finish() // it ended: its own status says why
                throw .backend(localized("`authflow apple sign-in` printed no sign-in page address."))
            }
            narrator.say(
                localized(
                    "Headless Chromium opens it and adds a fake Apple account with a private-relay address "
                        + "and a name:"))
            let callback = try await Self.clickThrough(page, programs)
            narrator.say(
                localized(
                    "The page sent the browser to \(Self.scheme)://…; the desktop hands such a URL to authflow\n"
                        + "(`authflow register-scheme` sets that up):"))
            run.holdOutput()
            try await context.run(["handle-url", callback])
            try await run.finish(
                continuing: localized("`authflow apple sign-in`, which was waiting, gets the answer and finishes:"))
        } catch {
            await run.stop()
            throw error
        }
        try await context.run(["whoami"])
        return localized("signed in with Apple as \(Self.relayEmail) (\(Self.fullName)), through the IdP page")
    }

    /// Adds the account on the widget and returns the custom-scheme URL the browser was sent to.
    private static func clickThrough(
        _ page: String, _ programs: HeadlessChromium.Programs
    ) async throws(DemoFailure) -> String {
        try await IdPWidgetAccount(email: relayEmail, name: fullName, scheme: scheme).add(on: page, programs)
    }

    private func byIdentityToken(_ context: DemoContext) async throws(DemoFailure) -> String {
        let narrator = context.narrator
        narrator.say(localized("First a nonce: its SHA-256 goes into Apple's request, the raw value to Firebase."))
        let printed = try await context.run(["apple", "nonce", "--json"])
        guard let object = try? JSONParser.parse(printed),
            let raw = object["raw"]?.stringValue, let hashed = object["sha256"]?.stringValue
        else { throw .backend(localized("`authflow apple nonce --json` printed no raw nonce and SHA-256.")) }
        let token = Self.unsignedIdentityToken(nonce: hashed)
        narrator.say(
            localized(
                "Apple's identity token names that hash; the backend, like the emulator, takes an unsigned "
                    + "one:"))
        try await context.run(["apple", "sign-in", "--id-token", token, "--nonce", raw, "--full-name", Self.fullName])
        try await context.run(["whoami"])
        return localized("signed in with Apple as \(Self.relayEmail) (\(Self.fullName)), from an identity token")
    }

    private func byPerson(_ context: DemoContext) async throws(DemoFailure) -> String {
        let narrator = context.narrator
        narrator.say(
            localized(
                "Your browser opens the backend's stand-in for Apple's page: add an account. The page then sends the\n"
                    + "browser to \(Self.scheme)://…; authflow offers to register that scheme with your desktop, or\n"
                    + "paste the address where it asks. (`authflow unregister-scheme \(Self.scheme)` removes it again.)"
            ))
        let run = try context.start(
            ["apple", "sign-in"] + Self.app + context.browserArguments, interactive: true)
        try await run.finish()
        try await context.run(["whoami"])
        return localized("signed in with Apple through the IdP page, by you")
    }

    /// A JWT with `alg: none`, as the emulator accepts: Apple's issuer, the app as audience, a relay address.
    static func unsignedIdentityToken(nonce: String, now: Date = Date()) -> String {
        let issued = Int(now.timeIntervalSince1970)
        let header = #"{"alg":"none","typ":"JWT"}"#
        let claims = """
            {"iss":"https://appleid.apple.com","aud":"\(bundleID)","sub":"001234.demo.ada",\
            "email":"\(relayEmail)","email_verified":true,"is_private_email":true,"nonce":"\(nonce)",\
            "iat":\(issued),"exp":\(issued + 600)}
            """
        return Base64.encode(header.utf8, alphabet: .url) + "." + Base64.encode(claims.utf8, alphabet: .url) + "."
    }
}
