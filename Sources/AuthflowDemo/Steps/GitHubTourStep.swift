import AuthflowHTTP
import AuthflowLocalization
import AuthflowPrimitives
import Foundation

/// Sign-in with GitHub through the backend's stand-in for GitHub's page (the emulator's IdP widget), the
/// hosted route `authflow oauth sign-in` takes for every provider: the page ends by sending the browser to the
/// app's custom scheme, the desktop hands that URL to `authflow handle-url`. Headless Chromium plays the
/// person when it is installed; without it the tour submits the page's form itself over plain HTTP.
struct GitHubTourStep: TourStep {
    static let email = "mona@example.com"
    static let name = "Mona Octocat"

    func run(in context: DemoContext) async throws(DemoFailure) -> String {
        let narrator = context.narrator
        if context.interactive {
            narrator.say(
                localized(
                    "Your browser opens the backend's stand-in for GitHub's page: add an account. The page then "
                        + "sends\nthe browser to \(AppleTourStep.scheme)://…; paste that address where authflow asks."))
            let run = try context.start(
                ["oauth", "sign-in", "--provider", "github.com", "--scopes", "read:user"] + AppleTourStep.app
                    + context.browserArguments, interactive: true)
            try await run.finish()
            try await context.run(["whoami"])
            return localized("signed in with GitHub through the IdP page, by you")
        }
        narrator.say(
            localized(
                "authflow prints the sign-in page (the backend's stand-in for GitHub's) and waits for the answer on\n"
                    + "the app's custom scheme; --show-provider-tokens also prints GitHub's access token, for "
                    + "GitHub's API:"))
        let run = try context.start(
            [
                "oauth", "sign-in", "--provider", "github.com", "--scopes", "read:user", "--no-browser",
                "--show-provider-tokens",
            ] + AppleTourStep.app)
        do throws(DemoFailure) {
            let found = await run.waitForOutput(limit: .seconds(60)) { line -> String? in
                let text = line.trimmingCharacters(in: .whitespaces)
                return text.hasPrefix("http") && text.contains("/emulator/auth/handler?") ? text : nil
            }
            guard let page = found else {
                try await run.finish() // it ended: its own status says why
                throw .backend(localized("`authflow oauth sign-in` printed no sign-in page address."))
            }
            let callback: String
            if context.settings.headlessBrowser,
                let programs = HeadlessChromium.locate(environment: context.settings.environment)
            {
                narrator.say(localized("Headless Chromium opens it and adds a fake GitHub account:"))
                callback = try await Self.clickThrough(page, programs)
            } else {
                narrator.say(
                    localized(
                        "Without headless Chromium the tour submits the page's \"add account\" form itself:"))
                callback = try await Self.submitForm(page)
            }
            narrator.say(
                localized(
                    "The page sent the browser to \(AppleTourStep.scheme)://…, which the desktop hands "
                        + "to authflow:"))
            run.holdOutput()
            try await context.run(["handle-url", callback])
            try await run.finish(
                continuing: localized("`authflow oauth sign-in`, which was waiting, gets the answer and finishes:"))
        } catch {
            await run.stop()
            throw error
        }
        try await context.run(["whoami"])
        return localized("signed in with GitHub as \(Self.email) (\(Self.name)), through the IdP page")
    }

    private static func clickThrough(
        _ page: String, _ programs: HeadlessChromium.Programs
    ) async throws(DemoFailure) -> String {
        try await IdPWidgetAccount(email: email, name: name, scheme: AppleTourStep.scheme).add(on: page, programs)
    }

    /// The widget's form as a GET of its select address, as the page submits it; returns where it leads.
    private static func submitForm(_ page: String) async throws(DemoFailure) -> String {
        let select =
            page.replacingOccurrences(of: "/emulator/auth/handler?", with: "/emulator/auth/handler/select?")
            + "&new_account=1&email=" + PercentEncoding.encodeUnreserved(email) + "&display_name="
            + PercentEncoding.encodeUnreserved(name)
        let client = HTTPClient(configuration: HTTPClientConfiguration(redirects: .doNotFollow, proxy: .none))
        do {
            let response = try await client.send(HTTPRequest(url: select))
            guard let location = response.header("Location") else {
                throw DemoFailure.backend(
                    localized("The sign-in page answered \(response.status) without sending the browser on."))
            }
            return location
        } catch let failure as DemoFailure {
            throw failure
        } catch {
            throw .backend(localized("The sign-in page could not be reached: \(error)"))
        }
    }
}
