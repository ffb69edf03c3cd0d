import AuthflowPrimitives
import Foundation

/// The reply of every finalize call that passes a second factor (SMS or TOTP, enrolling or signing in): new
/// tokens whose claims name the factor, as `{idToken, refreshToken}`.
enum SecondFactorTokens {
    static func reply(
        for localId: String, firstFactor: String, enrollmentId: String, factor: String,
        extraClaims: JSONObject? = nil, state: inout BackendState, now: Date
    ) -> JSONObject {
        let tokens = IDToken.issue(
            for: localId, provider: firstFactor, secondFactor: SecondFactor(identifier: enrollmentId, provider: factor),
            extraClaims: extraClaims, state: &state, now: now)
        var reply = JSONObject()
        reply.set("idToken", tokens["idToken"])
        reply.set("refreshToken", tokens["refreshToken"])
        return reply
    }
}
