import AuthflowPrimitives

/// The fixed project replies: v1 `projects` and v1 `recaptchaParams`.
enum ProjectConfig {
    /// `GET v1/projects` (legacy `getProjectConfig`): the emulator's placeholder number and `localhost`.
    static func projects(_ state: inout BackendState, _ context: inout OperationContext) throws(APIError) -> JSONObject
    {
        try state.ensureNotTenant()
        return JSONObject([("projectId", .string(state.projectNumber)), ("authorizedDomains", ["localhost"])])
    }

    /// `GET v1/recaptchaParams`: values of the real shape that are obviously fake, so nobody sends them to
    /// Google.
    static func recaptchaParams(
        _ state: inout BackendState, _ context: inout OperationContext
    ) throws(APIError) -> JSONObject {
        JSONObject([
            ("kind", "identitytoolkit#GetRecaptchaParamResponse"),
            (
                "recaptchaStoken",
                "This-is-a-fake-token__Dont-send-this-to-the-Recaptcha-service__The-Auth-Emulator-does-not-support-Recaptcha"
            ),
            ("recaptchaSiteKey", "Fake-key__Do-not-send-this-to-Recaptcha_"),
        ])
    }
}
