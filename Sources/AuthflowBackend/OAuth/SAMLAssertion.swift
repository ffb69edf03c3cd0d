import AuthflowPrimitives

/// The emulator's stand-in for a SAML response: it does not parse SAML, it takes `SAMLResponse` as a JSON
/// object `{"assertion":{"subject":{"nameId":…},"attributeStatements":…}}` and refuses one missing its parts
/// with the emulator's exact messages.
struct SAMLAssertion {
    /// `assertion.subject.nameId`, as text when it is a string.
    let nameId: String?
    /// `assertion.attributeStatements`, when present.
    let attributeStatements: JSONValue?

    /// The assertion in `text`, nil when there is none.
    static func parse(_ text: String?) throws(APIError) -> SAMLAssertion? {
        guard let text else { return nil }
        guard let response = try? JSONParser.parse(text) else {
            throw .badRequest("INVALID_IDP_RESPONSE ((Unable to parse SAMLResponse as JSON.))")
        }
        let assertion = response.objectValue?["assertion"]
        try ensure(assertion?.isTruthy == true, "INVALID_IDP_RESPONSE ((Missing assertion in SAMLResponse.))")
        let subject = assertion?.objectValue?["subject"]
        try ensure(subject?.isTruthy == true, "INVALID_IDP_RESPONSE ((Missing assertion.subject in SAMLResponse.))")
        let nameId = subject?.objectValue?["nameId"]
        try ensure(
            nameId?.isTruthy == true, "INVALID_IDP_RESPONSE ((Missing assertion.subject.nameId in SAMLResponse.))")
        return SAMLAssertion(
            nameId: nameId?.stringValue, attributeStatements: assertion?.objectValue?["attributeStatements"])
    }
}
