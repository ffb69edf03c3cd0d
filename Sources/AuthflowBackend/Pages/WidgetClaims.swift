import AuthflowPrimitives

/// The fake IdP claims the widget hands back, in its key order; absent values are left out, as
/// `JSON.stringify` drops `undefined`.
enum WidgetClaims {
    static func fake(sub: String, name: String?, screenName: String?, email: String?, picture: String?) -> JSONObject {
        var claims = JSONObject()
        claims["sub"] = .string(sub)
        claims["iss"] = ""
        claims["aud"] = ""
        claims["exp"] = 0
        claims["iat"] = 0
        claims.set("name", name)
        claims.set("screen_name", screenName)
        claims.set("email", email)
        claims["email_verified"] = true
        claims.set("picture", picture)
        return claims
    }
}
