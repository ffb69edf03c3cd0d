import AuthflowPrimitives

/// authflow's test switch on the hosted-page stand-ins (not in the emulator): `authflowSimulateError=auth/<code>`
/// makes the page's custom-scheme callback carry `firebaseError=<enc({"code":…,"message":…})>` instead of its
/// result, so clients' error paths can be driven through a real page.
enum SimulatedPageError {
    static let parameter = "authflowSimulateError"

    /// The error `parameters` ask for, if any.
    static func requested(in parameters: QueryParameters) -> EmbeddedBackend.HostedPageError? {
        guard let code = parameters.nonEmpty(parameter) else { return nil }
        let full = code.hasPrefix("auth/") ? code : "auth/" + code
        return EmbeddedBackend.HostedPageError(code: full, message: knownMessages[full] ?? "Simulated error (\(full)).")
    }

    /// The inner callback's `firebaseError=…&authType=…&eventId=…` query for `error`.
    static func query(_ error: EmbeddedBackend.HostedPageError, authType: String, eventId: String?) -> String {
        let json = JSONWriter.string(["code": .string(error.code), "message": .string(error.message)])
        var query = "firebaseError=\(URLEncoding.component(json))&authType=\(URLEncoding.component(authType))"
        if let eventId { query += "&eventId=\(URLEncoding.component(eventId))" }
        return query
    }

    /// The messages the hosted pages send for the codes the iOS SDK maps (protocol §2.6), and the web SDK's
    /// for a cancelled sign-in.
    static let knownMessages = [
        "auth/invalid-oauth-client-id":
            "The OAuth client ID provided is either invalid or does not match the specified API key.",
        "auth/network-request-failed": "The network request failed .",
        "auth/internal-error": "Internal error .",
        "auth/user-cancelled": "The user did not grant your application the permissions it requested.",
    ]
}
