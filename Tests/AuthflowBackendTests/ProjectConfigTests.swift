import AuthflowBackend
import AuthflowHTTP
import AuthflowPrimitives
import Foundation
import Testing

/// The emulator's `config.spec.ts` ("config management"): v2 `projects/<id>/config` over HTTP with
/// `Authorization: Bearer owner`.
@Suite("Config management")
struct ProjectConfigTests {
    /// The harness's own project: its settings are the ones the other operations read.
    static func path(_ harness: BackendHarness) -> String {
        "/identitytoolkit.googleapis.com/v2/projects/\(harness.projectID)/config"
    }
    static var nonDefault: [String: Any] {
        [
            "signIn": ["allowDuplicateEmails": true],
            "blockingFunctions": ["forwardInboundCredentials": ["idToken": true]],
        ]
    }

    static func patch(
        _ harness: BackendHarness, _ body: [String: Any], mask: String? = nil,
        headers: [HTTPHeader] = BackendHarness.owner
    ) async throws -> Reply {
        let query = mask.map { "?updateMask=\($0)" } ?? ""
        return try await harness.send(
            .patch, path(harness) + query, body: Array(try JSONSerialization.data(withJSONObject: body)),
            headers: headers + [HTTPHeader(name: "Content-Type", value: "application/json")])
    }

    static func expectNonDefault(_ config: [String: Any]) {
        #expect((config["signIn"] as? [String: Any])?["allowDuplicateEmails"] as? Bool == true)
        let blocking = config["blockingFunctions"] as? [String: Any]
        #expect(NSDictionary(dictionary: blocking ?? [:]) == ["forwardInboundCredentials": ["idToken": true]])
    }

    // MARK: updateConfig

    @Test("update: the masked fields change, nested paths included")
    func updateMasked() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }

        let mask = "signIn.allowDuplicateEmails,blockingFunctions.forwardInboundCredentials.idToken"
        let config = try await Self.patch(harness, Self.nonDefault, mask: mask).requireOK()

        Self.expectNonDefault(config)
    }

    @Test("update: a masked field missing from the body changes nothing")
    func updateMaskedAbsentField() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }

        let config = try await Self.patch(harness, [:], mask: "displayName").requireOK()

        #expect(config["displayName"] == nil)
        #expect((config["signIn"] as? [String: Any])?["allowDuplicateEmails"] as? Bool == false)
    }

    @Test("update: without a mask the whole config is replaced by the body")
    func updateFull() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }

        let config = try await Self.patch(harness, Self.nonDefault).requireOK()

        Self.expectNonDefault(config)
    }

    @Test("update: without a mask, what the body leaves out returns to production defaults")
    func updateFullDefaults() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        Self.expectNonDefault(try await Self.patch(harness, Self.nonDefault).requireOK())

        let config = try await Self.patch(harness, [:]).requireOK()

        #expect((config["signIn"] as? [String: Any])?["allowDuplicateEmails"] as? Bool == false)
        #expect((config["blockingFunctions"] as? [String: Any])?.isEmpty == true)
    }

    @Test("update: an unknown blocking-function event is INVALID_BLOCKING_FUNCTION")
    func invalidEvent() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }

        let reply = try await Self.patch(
            harness, ["blockingFunctions": ["triggers": ["invalidEventTrigger": ["functionUri": "http://localhost"]]]])

        #expect(reply.status == 400)
        #expect(reply.errorMessage == "INVALID_BLOCKING_FUNCTION : ((Event type is invalid.))")
    }

    @Test("update: a function URI that is not absolute is INVALID_BLOCKING_FUNCTION, and nothing is stored")
    func invalidFunctionUri() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }

        let reply = try await Self.patch(
            harness, ["blockingFunctions": ["triggers": ["beforeCreate": ["functionUri": "invalidUri"]]]])
        let after = try await harness.get(Self.path(harness), headers: BackendHarness.owner).requireOK()

        #expect(reply.status == 400)
        #expect(
            reply.errorMessage
                == "INVALID_BLOCKING_FUNCTION : ((Expected an absolute URI with valid scheme and host.))")
        #expect((after["blockingFunctions"] as? [String: Any])?.isEmpty == true)
    }

    // MARK: getConfig

    @Test("get: the project's config with its defaults")
    func getDefaults() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }

        let config = try await harness.get(Self.path(harness), headers: BackendHarness.owner).requireOK()

        #expect(NSDictionary(dictionary: config["signIn"] as? [String: Any] ?? [:]) == ["allowDuplicateEmails": false])
        #expect((config["blockingFunctions"] as? [String: Any])?.isEmpty == true)
    }

    @Test("get: shows what an update changed")
    func getUpdated() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        _ = try await Self.patch(harness, Self.nonDefault).requireOK()

        let config = try await harness.get(Self.path(harness), headers: BackendHarness.owner).requireOK()

        Self.expectNonDefault(config)
    }

    // MARK: Beyond the spec

    @Test(
        "An API key alone is not enough, as in the emulator (the path names a project): 400 INSUFFICIENT_PERMISSION; nothing at all 403"
    )
    func apiKey() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }

        let read = try await harness.get(Self.path(harness) + "?key=test-api-key")
        let none = try await harness.get(Self.path(harness))

        #expect(read.status == 400)
        #expect(
            read.errorMessage == "INSUFFICIENT_PERMISSION : Only authenticated requests can specify target_project_id.")
        #expect(none.status == 403)
    }

    @Test("A wrongly typed field is the schema's INVALID_ARGUMENT")
    func wrongType() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }

        let reply = try await Self.patch(harness, ["signIn": ["allowDuplicateEmails": "yes"]])

        #expect(reply.status == 400)
        #expect(reply.errorMessage == "Invalid JSON payload received. /signIn/allowDuplicateEmails must be boolean")
    }
}

/// The email-privacy cases of the emulator's `createAuthUri.spec.ts`, switched on through the v2 config.
@Suite("Improved email privacy through the v2 config")
struct EmailPrivacyConfigTests {
    static var privacyOn: [String: Any] { ["emailPrivacyConfig": ["enableImprovedEmailPrivacy": true]] }

    @Test("createAuthUri: no registered field for an unknown email once improved email privacy is on")
    func unregistered() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        _ = try await ProjectConfigTests.patch(harness, Self.privacyOn, mask: "emailPrivacyConfig").requireOK()

        let reply = try await harness.v1(
            "accounts:createAuthUri", ["continueUri": "http://example.com/", "identifier": "notregistered@example.com"]
        ).requireOK()

        #expect(reply["registered"] == nil)
        #expect(reply["sessionId"] is String)
    }

    @Test("createAuthUri: no providers for a registered email once improved email privacy is on")
    func registered() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        _ = try await ProjectConfigTests.patch(harness, Self.privacyOn, mask: "emailPrivacyConfig").requireOK()
        _ = try await harness.signUp(email: "alice@example.com", password: "notasecret")

        let reply = try await harness.v1(
            "accounts:createAuthUri", ["continueUri": "http://example.com/", "identifier": "alice@example.com"]
        ).requireOK()

        #expect(reply["registered"] == nil)
        #expect(reply["allProviders"] == nil)
        #expect(reply["signinMethods"] == nil)
        #expect(reply["sessionId"] is String)
    }

    @Test("signInWithPassword: an unknown email is INVALID_LOGIN_CREDENTIALS once the v2 config turns privacy on")
    func errorReplies() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let before = try await harness.v1(
            "accounts:signInWithPassword", ["email": "bob@example.com", "password": "notasecret"])
        _ = try await ProjectConfigTests.patch(harness, Self.privacyOn, mask: "emailPrivacyConfig").requireOK()

        let after = try await harness.v1(
            "accounts:signInWithPassword", ["email": "bob@example.com", "password": "notasecret"])
        let emulatorView = try await harness.get("/emulator/v1/projects/\(harness.projectID)/config").requireOK()

        #expect(before.errorMessage == "EMAIL_NOT_FOUND")
        #expect(after.errorMessage == "INVALID_LOGIN_CREDENTIALS")
        #expect(
            (emulatorView["emailPrivacyConfig"] as? [String: Any])?["enableImprovedEmailPrivacy"] as? Bool == true)
    }
}

/// The config cases of the emulator's `misc.spec.ts` ("emulator utility APIs"): `/emulator/v1/projects/<id>/config`.
@Suite("Emulator config API")
struct EmulatorConfigTests {
    static func view(_ reply: [String: Any]) -> (duplicates: Bool?, privacy: Bool?) {
        (
            (reply["signIn"] as? [String: Any])?["allowDuplicateEmails"] as? Bool,
            (reply["emailPrivacyConfig"] as? [String: Any])?["enableImprovedEmailPrivacy"] as? Bool
        )
    }

    static func patch(_ harness: BackendHarness, _ body: String) async throws -> [String: Any] {
        try await harness.send(.patch, "/emulator/v1/projects/\(harness.projectID)/config", body: Array(body.utf8))
            .requireOK()
    }

    @Test("GET: both settings, off by default")
    func getDefaults() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }

        let reply = try await harness.get("/emulator/v1/projects/\(harness.projectID)/config").requireOK()

        #expect(
            NSDictionary(dictionary: reply) == [
                "signIn": ["allowDuplicateEmails": false], "emailPrivacyConfig": ["enableImprovedEmailPrivacy": false],
            ])
    }

    @Test("PATCH with allowDuplicateEmails only changes that setting, both ways")
    func duplicatesOnly() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }

        let on = try await Self.patch(harness, #"{"signIn":{"allowDuplicateEmails":true}}"#)
        let off = try await Self.patch(harness, #"{"signIn":{"allowDuplicateEmails":false}}"#)

        #expect(Self.view(on) == (true, false))
        #expect(Self.view(off) == (false, false))
    }

    @Test("PATCH with enableImprovedEmailPrivacy only changes that setting, both ways")
    func privacyOnly() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }

        let on = try await Self.patch(harness, #"{"emailPrivacyConfig":{"enableImprovedEmailPrivacy":true}}"#)
        let off = try await Self.patch(harness, #"{"emailPrivacyConfig":{"enableImprovedEmailPrivacy":false}}"#)

        #expect(Self.view(on) == (false, true))
        #expect(Self.view(off) == (false, false))
    }

    @Test("PATCH with both changes both, and the v2 config shows the same values")
    func both() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }

        let on = try await Self.patch(
            harness,
            #"{"signIn":{"allowDuplicateEmails":true},"emailPrivacyConfig":{"enableImprovedEmailPrivacy":true}}"#)
        let v2 = try await harness.get(ProjectConfigTests.path(harness), headers: BackendHarness.owner).requireOK()
        let off = try await Self.patch(
            harness,
            #"{"signIn":{"allowDuplicateEmails":false},"emailPrivacyConfig":{"enableImprovedEmailPrivacy":false}}"#)

        #expect(Self.view(on) == (true, true))
        #expect(Self.view(v2) == (true, true))
        #expect(Self.view(off) == (false, false))
    }
}
