import AuthflowPrimitives

/// Action links in the emulator's exact shape:
/// `http://<host:port>/emulator/action?mode=<m>&lang=<l>&oobCode=<c>&apiKey=fake-api-key[&continueUrl=<enc>]`
/// (and `&tenantId=<t>` for a tenant's code), query serialised as `URLSearchParams` does. The emulator always
/// writes `fake-api-key` and `lang=en`; this backend writes the request's `X-Firebase-Locale` as Google's links
/// carry the email's language (the SDKs read it as `ActionCodeURL.languageCode`), and `en`, as the emulator,
/// without one.
enum OobLink {
    static func make(
        origin: String, mode: String, code: String, continueUrl: String?, tenantID: String? = nil,
        language: String? = nil
    ) -> String {
        var parameters = [
            ("mode", mode), ("lang", language ?? "en"), ("oobCode", code), ("apiKey", "fake-api-key"),
        ]
        if let continueUrl { parameters.append(("continueUrl", continueUrl)) }
        if let tenantID { parameters.append(("tenantId", tenantID)) }
        return origin + "/emulator/action?" + URLEncoding.formQuery(parameters)
    }

    /// `header` when it is a well-formed language tag (``LanguageTag``: `ko`, `ko-KR`, `zh-Hant-TW`); nil
    /// otherwise, so a link never carries arbitrary text.
    static func language(_ header: String?) -> String? {
        guard let header, LanguageTag.isWellFormed(header) else { return nil }
        return header
    }

    /// The `mode` a link carries for a request type.
    static func mode(for requestType: String) -> String? {
        switch requestType {
        case "EMAIL_SIGNIN": "signIn"
        case "PASSWORD_RESET": "resetPassword"
        case "VERIFY_EMAIL": "verifyEmail"
        case "VERIFY_AND_CHANGE_EMAIL": "verifyAndChangeEmail"
        case "RECOVER_EMAIL": "recoverEmail"
        default: nil
        }
    }

    /// The line the emulator logs instead of sending the email.
    static func logLine(for record: OobRecord) -> String? {
        let email = record.email
        let link = record.oobLink
        switch record.requestType {
        case "EMAIL_SIGNIN": return "To sign in as \(email), follow this link: \(link)"
        case "PASSWORD_RESET":
            return "To reset the password for \(email), follow this link: \(link)&newPassword=NEW_PASSWORD_HERE"
        case "VERIFY_EMAIL": return "To verify the email address \(email), follow this link: \(link)"
        case "VERIFY_AND_CHANGE_EMAIL":
            return
                "To verify and change the email address from \(email) to \(record.newEmail ?? ""), follow this link: \(link)"
        case "RECOVER_EMAIL": return "To reset your email address to \(email), follow this link: \(link)"
        default: return nil
        }
    }

    /// Creates a code and its link for `email` and returns the record.
    static func create(
        _ state: inout BackendState, origin: String, email: String, newEmail: String? = nil,
        requestType: String, continueUrl: String? = nil, language: String? = nil
    ) -> OobRecord {
        let mode = mode(for: requestType) ?? "signIn"
        let tenantID = state.tenantID
        return state.createOobCode(email: email, newEmail: newEmail, requestType: requestType) { code in
            make(
                origin: origin, mode: mode, code: code, continueUrl: continueUrl, tenantID: tenantID,
                language: language)
        }
    }
}
