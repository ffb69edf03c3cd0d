import AuthflowPrimitives

/// The emulator's `mfaPendingCredential`: padded standard base64 of
/// `{"_AuthEmulatorMfaPendingCredential":"DO NOT MODIFY","localId":…,"signInProvider":…,"projectId":…}`.
/// Neither signed nor expiring, exactly as in the emulator.
enum PendingCredential {
    static let marker = "_AuthEmulatorMfaPendingCredential"

    static func encode(localId: String, signInProvider: String, projectID: String, tenantID: String? = nil) -> String {
        var payload = JSONObject([
            (marker, "DO NOT MODIFY"), ("localId", .string(localId)), ("signInProvider", .string(signInProvider)),
            ("projectId", .string(projectID)),
        ])
        payload.set("tenantId", tenantID)
        return Base64.encode(JSONWriter.bytes(.object(payload)))
    }

    /// The account and first-factor provider a credential stands for, with the emulator's error strings.
    static func decode(
        _ credential: String, state: BackendState
    ) throws(APIError) -> (account: Account, signInProvider: String) {
        let invalid = APIError.badRequest("((Invalid phoneVerificationInfo.mfaPendingCredential.))")
        guard let payload = try? JSONParser.parse(Base64.decodeLeniently(credential)).objectValue else { throw invalid }
        guard payload[marker]?.isTruthy == true else { throw invalid }
        try ensure(
            payload["projectId"]?.stringValue == state.projectID,
            "INVALID_PROJECT_ID : Project ID does not match MFA pending credential."
        )
        if let tenantID = state.tenantID {
            try ensure(
                payload["tenantId"]?.stringValue == tenantID,
                "INVALID_PROJECT_ID : Project ID does not match MFA pending credential.")
        }
        guard let localId = payload["localId"]?.stringValue, let account = state.account(localId: localId) else {
            throw .badRequest("((User in pendingCredentialPayload does not exist.))")
        }
        return (account, payload["signInProvider"]?.stringValue ?? "")
    }

    /// The sign-in reply for an account with a second factor: no tokens, a pending credential and hints.
    static func response(
        for account: Account, signInProvider: String, projectID: String, tenantID: String? = nil
    ) -> JSONObject {
        var object = JSONObject()
        object["mfaPendingCredential"] = .string(
            encode(localId: account.localId, signInProvider: signInProvider, projectID: projectID, tenantID: tenantID))
        object["mfaInfo"] = .array((account.mfaEnrollments ?? []).map(\.hintJSON))
        return object
    }
}
