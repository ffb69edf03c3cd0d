import AuthflowIdentityToolkit

/// What proves the Apple ID to Firebase: the hosted handler's answer, an identity token the caller got from
/// Apple themselves, or the updated credential a refused link left behind.
public enum AppleCredential: Sendable, Equatable, CustomStringConvertible {
    /// The hosted handler's OAuth response URL and the raw session ID whose hash the handler was given.
    case redirect(link: String, sessionID: String)
    /// Apple's identity token (`id_token`), the raw nonce whose SHA-256 went into Apple's request, and the
    /// name Apple sent on the first authorization, if any.
    case identityToken(String, rawNonce: String, fullName: IdpPostBody.PersonName?)
    /// The credential saved after `FEDERATED_USER_ID_ALREADY_LINKED`.
    case updated(UpdatedAppleCredential)

    /// Requests only `apple.com` credentials through this provider ID.
    public static let providerID = "apple.com"

    /// `signInWithIdp` for this credential; `idToken` links to that user, and re-authentication sends
    /// `autoCreate: false` as iOS does.
    func request(linkingTo idToken: String?, purpose: SignInPurpose) -> SignInWithIdpRequest {
        let autoCreate = purpose != .reauthenticate
        switch self {
        case .redirect(let link, let sessionID):
            return SignInWithIdpRequest(
                requestUri: link, postBody: IdpPostBody.oauth(providerId: Self.providerID), sessionId: sessionID,
                idToken: idToken, autoCreate: autoCreate)
        case .identityToken(let token, let rawNonce, let fullName):
            return SignInWithIdpRequest(
                requestUri: "http://localhost",
                postBody: IdpPostBody.apple(idToken: token, rawNonce: rawNonce, name: fullName),
                idToken: idToken, autoCreate: autoCreate)
        case .updated(let updated):
            var fields: [QueryItem] = []
            if let token = updated.idToken, !token.isEmpty { fields.append(QueryItem(name: "id_token", value: token)) }
            if let token = updated.accessToken, !token.isEmpty {
                fields.append(QueryItem(name: "access_token", value: token))
            }
            return SignInWithIdpRequest(
                requestUri: "http://localhost",
                postBody: IdpPostBody.oauth(providerId: Self.providerID, fields: fields),
                idToken: idToken, autoCreate: autoCreate, pendingToken: updated.pendingToken)
        }
    }

    /// Which route produced the credential, for output.
    public var route: String {
        switch self {
        case .redirect: "hosted"
        case .identityToken: "id-token"
        case .updated: "updated-credential"
        }
    }

    public var description: String { "AppleCredential.\(route)(redacted)" }
}
