/// The `phoneVerificationInfo` both finalize calls carry.
enum MFAVerification {
    static func codeAndSession(
        _ body: RequestFields, missing: String = "INVALID_ARGUMENT : ((Missing phoneVerificationInfo.))"
    ) throws(APIError) -> (code: String, sessionInfo: String) {
        guard let info = try body.nested("phoneVerificationInfo") else { throw .badRequest(missing) }
        if info.has("androidVerificationProof") { throw .notImplemented("androidVerificationProof is unsupported!") }
        guard let code = try info.nonEmptyString("code") else { throw .badRequest("MISSING_CODE") }
        guard let sessionInfo = try info.nonEmptyString("sessionInfo") else {
            throw .badRequest("MISSING_SESSION_INFO")
        }
        return (code, sessionInfo)
    }
}
