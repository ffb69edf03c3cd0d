/// Profile fields an IdP sign-in copies onto the account (all three replaced, even when absent).
struct IdpProfile {
    var displayName: String?
    var photoUrl: String?
    var screenName: String?
}

/// Account changes a `signInWithIdp` decides on.
struct IdpAccountChanges {
    var profile: IdpProfile?
    var email: String?
    var emailVerified: Bool?
    var clearPasswordAndPhone = false
    /// Drops every provider the account had (the emulator's `deleteProviders` when an IdP takes over an
    /// unverified address); the signing-in provider is added afterwards.
    var clearProviders = false
    var validSince: Int64?

    func apply(to account: inout Account) {
        if let profile {
            account.displayName = profile.displayName
            account.photoUrl = profile.photoUrl
            account.screenName = profile.screenName
        }
        if let email { account.email = email }
        if let emailVerified { account.emailVerified = emailVerified }
        if clearPasswordAndPhone {
            account.passwordHash = nil
            account.phoneNumber = nil
        }
        if let validSince { account.validSince = validSince }
        if clearProviders { account.providers.removeAll() }
    }
}
