import AuthflowPrimitives

/// `accounts:signInWithPhoneNumber` (legacy `verifyPhoneNumber`): signs in or up with a code (single use),
/// or with a `temporaryProof`; with `idToken`, links the number to that account. `operation` (e.g.
/// `REAUTH`) is accepted and ignored, as in the emulator.
enum SignInWithPhoneNumber {
    static func run(_ state: inout BackendState, _ context: inout OperationContext) throws(APIError) -> JSONObject {
        try state.ensureNotTenant()
        let body = context.body
        let now = context.now
        let phoneNumber: String
        if let proof = try body.nonEmptyString("temporaryProof") {
            guard let claimed = try body.nonEmptyString("phoneNumber") else {
                throw .badRequest("MISSING_PHONE_NUMBER")
            }
            try ensure(state.temporaryProofs[proof] == claimed, "INVALID_TEMPORARY_PROOF")
            phoneNumber = claimed
        } else {
            guard let sessionInfo = try body.nonEmptyString("sessionInfo") else {
                throw .badRequest("MISSING_SESSION_INFO")
            }
            guard let code = try body.nonEmptyString("code") else { throw .badRequest("MISSING_CODE") }
            phoneNumber = try state.verifyPhoneNumber(sessionInfo: sessionInfo, code: code, now: now)
        }

        let fromNumber = state.account(phoneNumber: phoneNumber)
        var fromToken: Account?
        if let idToken = try body.nonEmptyString("idToken") {
            fromToken = try IDToken.verify(idToken, state: state).account
        }
        if let fromNumber, let fromToken, fromNumber.localId != fromToken.localId {
            try ensure(try body.nonEmptyString("temporaryProof") == nil, "PHONE_NUMBER_EXISTS")
            // Verified, but the number belongs to someone else: a 200 with a proof the client can reuse.
            return JSONObject([
                ("phoneNumber", .string(phoneNumber)),
                ("temporaryProof", .string(state.createTemporaryProof(phoneNumber: phoneNumber))),
                ("temporaryProofExpiresIn", "3600"),
            ])
        }

        let existing = fromToken ?? fromNumber
        let apply = { (account: inout Account) in
            account.phoneNumber = phoneNumber
            account.lastLoginAt = now.millisecondsSince1970
        }
        let account: Account
        let sessionClaims: JSONObject?
        let signIn = BlockingFunctionSignIn(method: ProviderID.phone)
        if let existing {
            try ensure(!existing.disabled, "USER_DISABLED")
            try ensure(
                !existing.requiresSecondFactor,
                "UNSUPPORTED_FIRST_FACTOR : A phone number cannot be set as a first factor on an SMS based MFA user."
            )
            (account, sessionClaims) = try context.signIn(existing: existing, in: &state, signIn: signIn, apply)
            try ensure(!account.disabled, "USER_DISABLED")
        } else {
            (account, sessionClaims) = try context.createAccount(in: &state, signIn: signIn, apply)
        }
        var reply = JSONObject()
        reply["isNewUser"] = .bool(existing == nil)
        reply["phoneNumber"] = .string(phoneNumber)
        reply["localId"] = .string(account.localId)
        reply.merge(
            IDToken.issue(
                for: account.localId, provider: ProviderID.phone, extraClaims: sessionClaims, state: &state, now: now))
        return reply
    }
}
