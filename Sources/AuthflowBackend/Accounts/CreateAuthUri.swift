import AuthflowPrimitives

/// `accounts:createAuthUri` in its `identifier` form: whether an email is registered and how it signs in.
/// The `providerId` form (starting an IdP redirect) is not implemented by the emulator: 501.
enum CreateAuthUri {
    static func run(_ state: inout BackendState, _ context: inout OperationContext) throws(APIError) -> JSONObject {
        let body = context.body
        let sessionId = try body.nonEmptyString("sessionId") ?? RandomText.alphanumeric(27)
        if try body.nonEmptyString("providerId") != nil {
            throw .notImplemented("Sign-in with IDP is not yet supported.")
        }
        guard let identifier = try body.nonEmptyString("identifier") else { throw .badRequest("MISSING_IDENTIFIER") }
        guard let continueUri = try body.nonEmptyString("continueUri") else {
            throw .badRequest("MISSING_CONTINUE_URI")
        }
        try ensure(Validation.isEmail(identifier), "INVALID_IDENTIFIER")
        let email = Validation.canonicalEmail(identifier)
        try ensure(AbsoluteURL(continueUri) != nil, "INVALID_CONTINUE_URI")

        var allProviders: [JSONValue] = []
        var signinMethods: [JSONValue] = []
        var accounts = state.accounts(emailOrProviderEmail: email)
        if state.allowDuplicateEmails {
            // Only an account holding the address itself counts, and only its password methods.
            accounts = accounts.filter { $0.email != nil }
            if let first = accounts.first, first.passwordHash != nil || first.emailLinkSignin {
                allProviders.append(.string(ProviderID.password))
                if first.passwordHash != nil { signinMethods.append(.string(ProviderID.password)) }
                if first.emailLinkSignin { signinMethods.append(.string(ProviderID.emailLinkMethod)) }
            }
        } else if let first = accounts.first {
            for info in first.providers {
                if info.providerId == ProviderID.password {
                    allProviders.append(.string(ProviderID.password))
                    if first.passwordHash != nil { signinMethods.append(.string(ProviderID.password)) }
                    if first.emailLinkSignin { signinMethods.append(.string(ProviderID.emailLinkMethod)) }
                } else if info.providerId != ProviderID.phone {
                    allProviders.append(.string(info.providerId))
                    signinMethods.append(.string(info.providerId))
                }
            }
        }
        var reply = JSONObject()
        reply["kind"] = "identitytoolkit#CreateAuthUriResponse"
        if state.emailEnumerationProtection {
            reply["sessionId"] = .string(sessionId)
            return reply
        }
        reply["registered"] = .bool(!accounts.isEmpty)
        reply["allProviders"] = .array(allProviders)
        reply["sessionId"] = .string(sessionId)
        reply["signinMethods"] = .array(signinMethods)
        return reply
    }
}
