import AuthflowIdentityToolkit

/// What Apple told Firebase about the person, as the sign-in reply reports it. Apple gives no photo, may give
/// a private-relay address instead of the real one, and sends the name only on the first authorization.
public struct AppleProfile: Sendable, Equatable {
    /// Apple's stable user ID (`sub`, the reply's `federatedId`).
    public var appleUserID: String?
    /// The address Apple shared, shown as it is (possibly `…@privaterelay.appleid.com`).
    public var email: String?
    /// The full name, when Apple (or the caller, with the identity token) sent one.
    public var fullName: String?

    /// The profile in `reply`; `givenName` is the name the caller passed with an identity token, used when
    /// the reply has none (Firebase does not always echo it).
    init(reply: SignInWithIdpResponse, givenName: IdpPostBody.PersonName?) {
        appleUserID = reply.federatedId
        email = reply.email
        let fromParts = [reply.firstName, reply.lastName].compactMap { $0 }.filter { !$0.isEmpty }.joined(
            separator: " ")
        let given = [givenName?.firstName, givenName?.lastName].compactMap { $0 }.filter { !$0.isEmpty }.joined(
            separator: " ")
        fullName = [reply.fullName, reply.displayName, fromParts, given].compactMap { $0 }.first { !$0.isEmpty }
    }

    /// The Apple profile in a generic OAuth sign-in's `profile` (the web route's, from the JS SDK).
    public init(_ profile: OAuthProfile) {
        appleUserID = profile.providerUserID
        email = profile.email
        fullName = profile.displayName
    }

    /// Whether the address is one of Apple's relays, which forward mail to the person's real address.
    public var isPrivateRelay: Bool {
        email?.lowercased().hasSuffix("@privaterelay.appleid.com") ?? false
    }
}
