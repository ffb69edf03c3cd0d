import AuthflowLocalization

/// The flows the tour walks through, in order. The raw values are what `authflow demo --only` takes.
public enum DemoStepKind: String, Sendable, Hashable, CaseIterable {
    case emailLink = "email-link"
    case phone
    case multiFactor = "mfa"
    case totp
    case apple
    case github
    case device

    /// The section title.
    var title: String {
        switch self {
        case .emailLink: localized("Email-link sign-in")
        case .phone: localized("Phone-number sign-in")
        case .multiFactor: localized("SMS multi-factor: enrol, then a second-factor sign-in")
        case .totp: localized("TOTP multi-factor: enrol an authenticator app from the terminal, then sign in with it")
        case .apple: localized("Sign in with Apple")
        case .github: localized("Sign in with GitHub (any OAuth provider)")
        case .device: localized("Device sign-in: approve on another device, no browser here")
        }
    }

    /// The step that runs it.
    var step: any TourStep {
        switch self {
        case .emailLink: EmailLinkTourStep()
        case .phone: PhoneTourStep()
        case .multiFactor: MultiFactorTourStep()
        case .totp: TOTPTourStep()
        case .apple: AppleTourStep()
        case .github: GitHubTourStep()
        case .device: DeviceTourStep()
        }
    }
}

/// One flow of the tour.
protocol TourStep: Sendable {
    /// Runs the flow with the tour's commands and returns one line saying what was achieved.
    func run(in context: DemoContext) async throws(DemoFailure) -> String
}
