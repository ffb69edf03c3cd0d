import AuthflowPrimitives
import Foundation

/// How the sign-in that triggers a blocking function happened, for its JWT.
struct BlockingFunctionSignIn: Sendable {
    /// `sign_in_method`: `password`, `emailLink`, `phone`, or the IdP's provider ID.
    var method: String
    var secondFactor: String?
    /// The IdP's user info as JSON text (`raw_user_info`).
    var rawUserInfo: String?
    /// A SAML assertion's attribute statements as JSON text (`sign_in_attributes`).
    var signInAttributes: String?
    var oauthIdToken: String?
    var oauthAccessToken: String?
    var oauthRefreshToken: String?
    var oauthTokenSecret: String?
    var oauthExpiresIn: String?

    init(method: String) {
        self.method = method
    }
}

/// One request to a blocking function: `POST <functionUri>` with `{"data":{"jwt":…}}`, the JWT unsigned
/// (`alg: none`) as the emulator sends it.
struct BlockingFunctionCall: Sendable {
    var event: BlockingFunctionEvent
    var url: String
    var body: [UInt8]

    /// The emulator's deadline for the call; the JWT's `exp` is derived from it as the emulator does
    /// (`iat` + the deadline in milliseconds / 100).
    static let deadlineMilliseconds: Int64 = 60_000

    init(
        event: BlockingFunctionEvent, url: String, account: Account, signIn: BlockingFunctionSignIn,
        config: ProjectConfigDocument, projectID: String, now: Date
    ) {
        self.event = event
        self.url = url
        let claims = Self.claims(
            event: event, url: url, account: account, signIn: signIn, config: config, projectID: projectID, now: now)
        body = JSONWriter.bytes(["data": ["jwt": .string(IDToken.encode(claims))]])
    }

    static func claims(
        event: BlockingFunctionEvent, url: String, account: Account, signIn: BlockingFunctionSignIn,
        config: ProjectConfigDocument, projectID: String, now: Date
    ) -> JSONObject {
        let issuedAt = now.secondsSince1970
        var claims = JSONObject()
        claims["iss"] = .string("https://securetoken.google.com/\(projectID)")
        claims["aud"] = .string(url)
        claims["iat"] = .number(Double(issuedAt))
        claims["exp"] = .number(Double(issuedAt + deadlineMilliseconds / 100))
        claims["event_id"] = .string(RandomText.base64URL(16))
        claims["event_type"] = .string(event.rawValue)
        claims["user_agent"] = "NotYetSupportedInFirebaseAuthEmulator"
        claims["ip_address"] = "127.0.0.1"
        claims["locale"] = "en"
        claims["user_record"] = .object(userRecord(account))
        claims["sub"] = .string(account.localId)
        claims.set("sign_in_method", signIn.method)
        claims.set("sign_in_second_factor", signIn.secondFactor)
        claims.set("sign_in_attributes", signIn.signInAttributes)
        claims.set("raw_user_info", signIn.rawUserInfo)
        if config.forwards("accessToken") {
            claims.set("oauth_access_token", signIn.oauthAccessToken)
            claims.set("oauth_token_secret", signIn.oauthTokenSecret)
            claims.set("oauth_expires_in", signIn.oauthExpiresIn)
        }
        if config.forwards("idToken") { claims.set("oauth_id_token", signIn.oauthIdToken) }
        if config.forwards("refreshToken") { claims.set("oauth_refresh_token", signIn.oauthRefreshToken) }
        return claims
    }

    /// The account in the function's `user_record` shape (snake_case).
    static func userRecord(_ account: Account) -> JSONObject {
        var record = JSONObject()
        record["uid"] = .string(account.localId)
        record.set("email", account.email)
        record.set("email_verified", account.emailVerified)
        record.set("display_name", account.displayName)
        record.set("photo_url", account.photoUrl)
        if account.disabled { record["disabled"] = true }
        record.set("phone_number", account.phoneNumber)
        record["custom_claims"] = .object(CustomClaims.object(account.customAttributes))
        record["provider_data"] = .array(
            account.providers.map { info in
                var provider = JSONObject()
                provider["provider_id"] = .string(info.providerId)
                provider.set("display_name", info.displayName)
                provider.set("photo_url", info.photoUrl)
                provider.set("email", info.email)
                provider["uid"] = .string(info.rawId)
                provider.set("phone_number", info.phoneNumber)
                return .object(provider)
            })
        if let enrollments = account.mfaEnrollments {
            let factors: [JSONValue] = enrollments.map { enrollment in
                var factor = JSONObject()
                factor["uid"] = .string(enrollment.mfaEnrollmentId)
                factor.set("display_name", enrollment.displayName)
                factor["enrollment_time"] = .string(enrollment.enrolledAt)
                factor.set("phone_number", enrollment.phoneNumber)
                factor["factor_id"] = .string(ProviderID.phone)
                return .object(factor)
            }
            record["multi_factor"] = ["enrolled_factors": .array(factors)]
        }
        var metadata = JSONObject()
        if let lastLogin = account.lastLoginAt { metadata["last_sign_in_time"] = .number(Double(lastLogin)) }
        metadata["creation_time"] = .number(Double(account.createdAt))
        record["metadata"] = .object(metadata)
        return record
    }
}
