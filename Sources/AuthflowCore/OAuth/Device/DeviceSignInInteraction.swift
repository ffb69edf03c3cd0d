/// What a front end does during a device sign-in: shows the code and the page, and waits between polls.
public protocol DeviceSignInInteraction: Sendable {
    /// Shows `authorization`'s user code and verification page for `provider`, before the first poll.
    func present(_ authorization: DeviceAuthorization, provider: OAuthProvider) async
    /// Waits until `instant` (the next poll); `expiry` is when the codes expire. Returns false when the person
    /// interrupted the wait (Ctrl-C).
    func pause(until instant: ContinuousClock.Instant, expiry: ContinuousClock.Instant) async -> Bool
    /// The polling is over, whatever its outcome.
    func finished() async
}
