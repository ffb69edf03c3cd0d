import AuthflowLocalization

/// Send a sign-in link, take it from the mailbox as a user would from their inbox, and complete sign-in.
struct EmailLinkTourStep: TourStep {
    static let email = "ada@example.com"
    static let continueURL = "https://demo-authflow.web.app/welcome"

    func run(in context: DemoContext) async throws(DemoFailure) -> String {
        let narrator = context.narrator
        narrator.say(localized("Send a sign-in link. The backend keeps the email instead of delivering it."))
        let mark = context.mailbox.mark()
        try await context.run(["email-link", "send", Self.email, "--continue-url", Self.continueURL])
        let link = try await context.mailbox.link("EMAIL_SIGNIN", to: Self.email, after: mark)
        narrator.say(localized("The mailbox (\(context.mailbox.linksURL)) now holds the link the user would click:"))
        narrator.say("  " + link)
        narrator.say(
            localized(
                "Hand the clicked link to authflow (a wrapped link, the .eml or the web-mail page work too):"))
        try await context.run(["email-link", "complete", link])
        try await context.run(["whoami"])
        return localized("signed in as \(Self.email) with an email link")
    }
}
