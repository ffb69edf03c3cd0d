import AuthflowIdentityToolkit
import Foundation

/// Turns server replies into the ``UserSession`` authflow stores.
public enum SessionBuilder {
    /// The session a completed sign-in starts. What the reply leaves out (providers, verification, second
    /// factor) comes from the ID token's claims.
    public static func session(
        tokens: SignInTokens,
        reply: some SignInResponse,
        project: SessionProject,
        enrolledFactors: [EnrolledFactor] = [],
        now: Date = Date()
    ) -> UserSession {
        let claims = IDTokenClaims(jwt: tokens.idToken)
        return UserSession(
            uid: tokens.localId ?? reply.localId ?? claims?.userID ?? "",
            email: reply.email ?? claims?.email,
            emailVerified: claims?.emailVerified,
            phoneNumber: reply.phoneNumber ?? claims?.phoneNumber,
            displayName: claims?.name,
            providerIDs: providerIDs(fromIdentities: claims?.identities ?? [], signInProvider: claims?.signInProvider),
            signInProvider: claims?.signInProvider,
            secondFactorID: claims?.secondFactorID,
            enrolledFactors: enrolledFactors,
            tokens: SessionTokens(
                idToken: tokens.idToken, refreshToken: tokens.refreshToken, expiresIn: tokens.expiresIn,
                receivedAt: now),
            project: project,
            signedInAt: now)
    }

    /// `session` with the profile an account lookup returned: email, verification, phone, name, linked
    /// providers and enrolled second factors.
    public static func applying(_ account: AccountInfo, to session: UserSession) -> UserSession {
        var updated = session
        updated.email = account.email ?? session.email
        updated.emailVerified = account.emailVerified ?? session.emailVerified
        updated.phoneNumber = account.phoneNumber ?? session.phoneNumber
        updated.displayName = account.displayName ?? session.displayName
        let providers = account.providerUserInfo.compactMap(\.providerId)
        if !providers.isEmpty { updated.providerIDs = providers }
        updated.enrolledFactors = account.mfaInfo.map(enrolledFactor)
        return updated
    }

    /// A second factor as sign-in hints and lookups describe it.
    public static func enrolledFactor(_ enrollment: MFAEnrollment) -> EnrolledFactor {
        EnrolledFactor(
            id: enrollment.mfaEnrollmentId, displayName: enrollment.displayName, phoneNumber: enrollment.phoneInfo,
            enrolledAt: enrollment.enrolledAt, kind: SecondFactorKind(enrollment.factor))
    }

    /// ID tokens name identities by claim (`email`, `phone`); provider IDs are what lookups and the SDKs use.
    /// `email` lists the account's address whatever the provider (an Apple account has it too), so it stands
    /// for a password or email-link sign-in only when that is how this session signed in or nothing else is
    /// listed.
    static func providerIDs(fromIdentities identities: [String], signInProvider: String?) -> [String] {
        let emailIsProvider = signInProvider == "password" || signInProvider == "emailLink" || identities == ["email"]
        var providers = identities.compactMap { identity -> String? in
            switch identity {
            case "email": emailIsProvider ? (signInProvider == "emailLink" ? "emailLink" : "password") : nil
            default: identity
            }
        }
        if providers.isEmpty, let signInProvider, signInProvider != "anonymous", signInProvider != "custom" {
            providers = [signInProvider]
        }
        return providers
    }
}
