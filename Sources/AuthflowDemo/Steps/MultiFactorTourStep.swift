import AuthflowLocalization

/// SMS multi-factor: enrol a phone as the second factor of an account with a verified email, then sign in
/// again and give the second factor. Without a terminal the sign-in stops with exit status 5 and saves the
/// challenge, which `authflow mfa resolve` finishes; with one (`--interactive`) the sign-in asks for the code
/// itself.
struct MultiFactorTourStep: TourStep {
    static let email = "grace@example.com"
    static let phoneNumber = "+15555550123"
    static let factorName = "Work phone"

    func run(in context: DemoContext) async throws(DemoFailure) -> String {
        let narrator = context.narrator
        narrator.say(localized("A second factor needs a verified email; signing in with an email link verifies it."))
        try await context.signInWithEmailLink(Self.email)
        narrator.say(localized("Enrol a phone as the second factor; it is texted a code to prove it:"))
        try await context.runAnsweringSMS(
            ["mfa", "enroll", Self.phoneNumber, "--display-name", Self.factorName], to: Self.phoneNumber)
        try await context.run(["mfa", "list"])
        try await context.run(["sign-out"])

        narrator.say(localized("Sign in again: the first factor is accepted, and Firebase asks for the second."))
        if context.interactive {
            let mark = context.mailbox.mark()
            try await context.run(["email-link", "send", Self.email, "--continue-url", EmailLinkTourStep.continueURL])
            let link = try await context.mailbox.link("EMAIL_SIGNIN", to: Self.email, after: mark)
            try await context.runAnsweringSMS(["email-link", "complete", link], to: Self.phoneNumber)
        } else {
            try await context.signInWithEmailLink(Self.email, expecting: 5)
            narrator.say(
                localized(
                    "No terminal to ask on, so it stopped with exit status 5 and saved the sign-in. Finish "
                        + "it:"))
            try await context.runAnsweringSMS(["mfa", "resolve"], to: Self.phoneNumber)
        }
        try await context.run(["whoami"])
        narrator.say(localized("Withdraw the factor; sign-ins ask for one factor again:"))
        try await context.run(["mfa", "unenroll", Self.factorName])
        return localized(
            "enrolled \"\(Self.factorName)\" for \(Self.email) and signed in with it as the second factor")
    }
}
