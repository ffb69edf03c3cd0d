import AuthflowLocalization

/// Sign in with a phone number: the app is proved (no proof against an emulator unless a person wants to
/// click the loopback page), the SMS code comes from the backend, and the code goes where the command asks.
struct PhoneTourStep: TourStep {
    static let phoneNumber = "+15555550100"

    func run(in context: DemoContext) async throws(DemoFailure) -> String {
        let narrator = context.narrator
        var arguments = ["phone", "sign-in", Self.phoneNumber]
        if context.interactive {
            narrator.say(
                localized(
                    "Your browser opens authflow's reCAPTCHA page on http://localhost; click it, then "
                        + "type the code."))
            arguments += ["--verifier", "loopback"] + context.browserArguments
        } else {
            narrator.say(
                localized(
                    "Against an emulator no reCAPTCHA is needed; the command sends the SMS and asks for the "
                        + "code."))
        }
        try await context.runAnsweringSMS(arguments, to: Self.phoneNumber)
        try await context.run(["whoami"])
        return localized("signed in as \(Self.phoneNumber) with an SMS code")
    }
}
