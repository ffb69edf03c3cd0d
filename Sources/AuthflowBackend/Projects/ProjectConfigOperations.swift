import AuthflowPrimitives

/// v2 `projects/<id>/config` (GET, PATCH with `updateMask`) and the emulator's own
/// `/emulator/v1/projects/<id>/config`, both over ``ProjectConfigDocument``.
enum ProjectConfigOperations {
    /// `GET v2/projects/<id>/config`.
    static func get(_ state: inout BackendState, _ context: inout OperationContext) throws(APIError) -> JSONObject {
        state.projectConfigJSON
    }

    /// `PATCH v2/projects/<id>/config[?updateMask=a.b,c]`: the triggers are checked first whatever the mask
    /// says; without a mask a full update with production defaults, otherwise the masked paths only.
    static func patch(_ state: inout BackendState, _ context: inout OperationContext) throws(APIError) -> JSONObject {
        let body = try validated(context.body, remoteFunctionsAllowed: context.remoteFunctionsAllowed)
        let mask = context.query.nonEmptyValue("updateMask")
        let before = BlockingFunctionURLPolicy.summary(state.projectConfig, projectID: state.projectID)
        state.updateProjectConfig { document in
            if let mask { document.apply(mask: mask, from: body) } else { document.replace(with: body) }
        }
        let after = BlockingFunctionURLPolicy.summary(state.projectConfig, projectID: state.projectID)
        if after != before { context.log(after) }
        return state.projectConfigJSON
    }

    /// `GET /emulator/v1/projects/<id>/config`: the two settings the emulator API exposes.
    static func emulatorView(_ state: BackendState) -> JSONValue {
        [
            "signIn": ["allowDuplicateEmails": .bool(state.projectConfig.allowDuplicateEmails)],
            "emailPrivacyConfig": ["enableImprovedEmailPrivacy": .bool(state.emailEnumerationProtection)],
        ]
    }

    /// `PATCH /emulator/v1/projects/<id>/config`: a masked update of whichever of the two settings the body
    /// carries.
    static func emulatorPatch(
        _ body: RequestFields, _ state: inout BackendState, remoteFunctionsAllowed: Bool
    ) throws(APIError) -> JSONValue {
        var mask: [String] = []
        if try body.nested("signIn")?.bool("allowDuplicateEmails") != nil { mask.append("signIn.allowDuplicateEmails") }
        if try body.nested("emailPrivacyConfig")?.bool("enableImprovedEmailPrivacy") != nil {
            mask.append("emailPrivacyConfig.enableImprovedEmailPrivacy")
        }
        let checked = try validated(body, remoteFunctionsAllowed: remoteFunctionsAllowed)
        if !mask.isEmpty {
            state.updateProjectConfig { $0.apply(mask: mask.joined(separator: ","), from: checked) }
        }
        return emulatorView(state)
    }

    /// The body, its known fields type-checked as the emulator's schema does, and each trigger checked: a
    /// known event with an absolute function URL, on loopback unless `remoteFunctionsAllowed`
    /// (``BlockingFunctionURLPolicy``), else `INVALID_BLOCKING_FUNCTION`.
    private static func validated(_ body: RequestFields, remoteFunctionsAllowed: Bool) throws(APIError) -> JSONObject {
        _ = try body.nested("signIn")?.bool("allowDuplicateEmails")
        _ = try body.nested("emailPrivacyConfig")?.bool("enableImprovedEmailPrivacy")
        let blocking = try body.nested("blockingFunctions")
        if let forward = try blocking?.nested("forwardInboundCredentials") {
            for credential in ["idToken", "accessToken", "refreshToken"] { _ = try forward.bool(credential) }
        }
        if let triggers = try blocking?.nested("triggers") {
            for (event, _) in triggers.object.entries {
                let functionUri = try triggers.nested(event)?.string("functionUri")
                try ensure(
                    BlockingFunctionEvent(rawValue: event) != nil,
                    "INVALID_BLOCKING_FUNCTION : ((Event type is invalid.))")
                try BlockingFunctionURLPolicy.check(functionUri, remoteAllowed: remoteFunctionsAllowed)
            }
        }
        return body.object
    }
}

extension BackendState {
    /// The v2 config as GET answers it.
    var projectConfigJSON: JSONObject {
        var document = projectConfig
        document.setImprovedEmailPrivacy(emailEnumerationProtection)
        return document.document
    }

    /// Changes the v2 config; `emailEnumerationProtection` follows its email privacy setting.
    mutating func updateProjectConfig(_ change: (inout ProjectConfigDocument) -> Void) {
        var document = projectConfig
        document.setImprovedEmailPrivacy(emailEnumerationProtection)
        change(&document)
        projectConfig = document
        emailEnumerationProtection = document.improvedEmailPrivacy
    }
}
