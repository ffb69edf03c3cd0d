import AuthflowPrimitives

/// Production's check that the embedded backend adds where the official emulator is lax: a `signInWithIdp`
/// completing a hosted-handler redirect must send the raw `sessionId` whose SHA-256 (lowercase hex) the
/// handler was opened with. The widget records that hash under the attempt's `eventId`, and which attempt
/// each OAuth response URL (`requestUri`) it made belongs to, as production's response carries its `state`.
enum HandlerSession {
    /// What production answers when the raw session ID is missing or does not hash to the page's.
    static let mismatch =
        "MISSING_OR_INVALID_NONCE : The sessionId of the request does not match the one the sign-in page was opened with."

    /// Refuses `body` when its `requestUri` belongs to a recorded attempt whose hash its `sessionId` does not
    /// match; requests for other attempts (or none) pass.
    static func check(_ body: RequestFields, state: BackendState) throws(APIError) {
        guard let requestUri = try body.nonEmptyString("requestUri"), let eventId = state.handlerResponses[requestUri],
            let expected = state.handlerSessions[eventId]
        else { return }
        guard let raw = try body.nonEmptyString("sessionId"), SHA256.hex(raw) == expected else {
            throw .badRequest(mismatch)
        }
    }
}
