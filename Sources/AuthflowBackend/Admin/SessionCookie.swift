import AuthflowPrimitives

/// `projects/<id>:createSessionCookie`: the ID token's claims re-issued as an unsigned session cookie,
/// with `iat` now, `exp` after `validDuration` seconds (5 minutes to 14 days, 14 days when absent) and the
/// session issuer `https://session.firebase.google.com/<aud>`.
enum SessionCookie {
    static let minimumDurationSeconds: Double = 5 * 60
    static let maximumDurationSeconds: Double = 14 * 24 * 60 * 60

    static func create(_ state: inout BackendState, _ context: inout OperationContext) throws(APIError) -> JSONObject {
        guard let idToken = try context.body.nonEmptyString("idToken") else { throw .badRequest("MISSING_ID_TOKEN") }
        var duration = maximumDurationSeconds
        if let given = try context.body.string("validDuration").flatMap({ Double($0) }), given != 0, !given.isNaN {
            duration = given
        }
        try ensure(duration >= minimumDurationSeconds && duration <= maximumDurationSeconds, "INVALID_DURATION")
        _ = try IDToken.verify(idToken, state: state)
        guard var claims = IDToken.decodeJWT(idToken)?.payload else { throw .badRequest("INVALID_ID_TOKEN") }
        let issuedAt = Double(context.now.secondsSince1970)
        claims["iat"] = .number(issuedAt)
        claims["exp"] = .number(issuedAt + duration)
        let audience = claims["aud"].map { $0.stringValue ?? JSONWriter.string($0) } ?? "undefined"
        claims["iss"] = .string("https://session.firebase.google.com/\(audience)")
        return JSONObject([("sessionCookie", .string(IDToken.encode(claims)))])
    }
}
