import AuthflowPrimitives

/// `accounts:sendOobCode` (legacy `getOobConfirmationCode`): records an action code and logs its link
/// instead of sending mail. `returnOobLink` (admin only) puts the code and link in the reply.
enum SendOobCode {
    static func run(_ state: inout BackendState, _ context: inout OperationContext) throws(APIError) -> JSONObject {
        let body = context.body
        let requestType = try body.enumeration("requestType", .oobRequestType)
        guard let requestType, requestType != "OOB_REQ_TYPE_UNSPECIFIED" else { throw .badRequest("MISSING_REQ_TYPE") }
        let returnOobLink = try body.flag("returnOobLink")
        if !returnOobLink { try RecaptchaCheck.sendOobCode.run(body, &state) }
        if returnOobLink { try ensure(context.privileged, "INSUFFICIENT_PERMISSION") }
        let continueUrl = try body.nonEmptyString("continueUrl")
        if let continueUrl {
            try ensure(
                AbsoluteURL(continueUrl) != nil,
                "INVALID_CONTINUE_URI : ((expected an absolute URI with valid scheme and host))")
        }
        let idToken = try body.nonEmptyString("idToken")
        let givenEmail = try body.nonEmptyString("email")

        let email: String
        var newEmail: String?
        switch requestType {
        case "EMAIL_SIGNIN":
            try ensure(state.allowsEmailLinkSignIn, "OPERATION_NOT_ALLOWED")
            guard let givenEmail else { throw .badRequest("MISSING_EMAIL") }
            email = Validation.canonicalEmail(givenEmail)
        case "PASSWORD_RESET":
            guard let givenEmail else { throw .badRequest("MISSING_EMAIL") }
            email = Validation.canonicalEmail(givenEmail)
            if state.emailEnumerationProtection, state.account(email: email) == nil {
                return reply(email: email)
            }
            try ensure(state.account(email: email) != nil, "EMAIL_NOT_FOUND")
        case "VERIFY_EMAIL":
            if returnOobLink, idToken == nil {
                guard let givenEmail else { throw .badRequest("MISSING_EMAIL") }
                email = Validation.canonicalEmail(givenEmail)
                try ensure(state.account(email: email) != nil, "USER_NOT_FOUND")
            } else {
                let account = try IDToken.verify(idToken ?? "", state: state).account
                guard let accountEmail = account.email else { throw .badRequest("MISSING_EMAIL") }
                email = accountEmail
            }
        case "VERIFY_AND_CHANGE_EMAIL":
            guard let given = try body.nonEmptyString("newEmail") else { throw .badRequest("MISSING_NEW_EMAIL") }
            newEmail = Validation.canonicalEmail(given)
            if returnOobLink, idToken == nil {
                guard let givenEmail else { throw .badRequest("MISSING_EMAIL") }
                email = Validation.canonicalEmail(givenEmail)
                try ensure(state.account(email: email) != nil, "USER_NOT_FOUND")
            } else {
                guard let idToken else { throw .badRequest("MISSING_ID_TOKEN") }
                let account = try IDToken.verify(idToken, state: state).account
                guard let accountEmail = account.email else { throw .badRequest("MISSING_EMAIL") }
                email = accountEmail
            }
            try ensure(state.account(email: newEmail ?? "") == nil, "EMAIL_EXISTS")
        default:
            throw .notImplemented(requestType)
        }
        if try body.flag("canHandleCodeInApp") {
            context.log("canHandleCodeInApp is unsupported in Auth Emulator. All OOB operations will complete via web.")
        }

        let record = OobLink.create(
            &state, origin: context.origin, email: email, newEmail: newEmail, requestType: requestType,
            continueUrl: continueUrl, language: context.locale
        )
        var response = reply(email: email)
        if returnOobLink {
            response["oobCode"] = .string(record.oobCode)
            response["oobLink"] = .string(record.oobLink)
        } else if let line = OobLink.logLine(for: record) {
            context.log(line)
        }
        return response
    }

    private static func reply(email: String) -> JSONObject {
        JSONObject([("kind", "identitytoolkit#GetOobConfirmationCodeResponse"), ("email", .string(email))])
    }
}
