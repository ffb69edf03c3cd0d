import AuthflowBackend
import AuthflowHTTP
import Testing

@Suite("Emulator-only API")
struct EmulatorAPITests {
    @Test("verificationCodes lists code, phoneNumber and sessionInfo without a key; used codes disappear")
    func verificationCodes() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let sent = try await harness.sendCode(to: "+15555550100")

        let listed = try await harness.get("/emulator/v1/projects/\(harness.projectID)/verificationCodes").requireOK()
        _ = try await harness.v1(
            "accounts:signInWithPhoneNumber", ["sessionInfo": sent.sessionInfo, "code": sent.code]
        ).requireOK()
        let after = try await harness.get("/emulator/v1/projects/\(harness.projectID)/verificationCodes")

        let entries = try #require(listed["verificationCodes"] as? [[String: String]])
        #expect(entries == [["code": sent.code, "phoneNumber": "+15555550100", "sessionInfo": sent.sessionInfo]])
        #expect(after.text == #"{"verificationCodes":[]}"#)
    }

    @Test("DELETE on the code lists is 405; DELETE accounts answers {} and removes every account")
    func deletes() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        _ = try await harness.signUp(email: "ada@example.com")
        _ = try await harness.sendCode(to: "+15555550100")

        let oob = try await harness.send(.delete, "/emulator/v1/projects/\(harness.projectID)/oobCodes")
        let codes = try await harness.send(.delete, "/emulator/v1/projects/\(harness.projectID)/verificationCodes")
        let accounts = try await harness.send(.delete, "/emulator/v1/projects/\(harness.projectID)/accounts")
        let unknown = try await harness.get("/emulator/v1/projects/\(harness.projectID)/nonsense")

        #expect(oob.status == 405)
        #expect(codes.status == 405)
        #expect(accounts.status == 200)
        #expect(accounts.text == "{}")
        #expect(harness.backend.accounts.isEmpty)
        #expect(harness.backend.verificationCodes.count == 1, "like the emulator, pending codes survive")
        #expect(unknown.status == 404)
    }

    @Test("config reads and changes emailPrivacyConfig and allowDuplicateEmails, each alone")
    func config() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let path = "/emulator/v1/projects/\(harness.projectID)/config"

        let initial = try await harness.get(path)
        let patched = try await harness.send(
            .patch, path, body: Array(#"{"emailPrivacyConfig":{"enableImprovedEmailPrivacy":true}}"#.utf8))
        let duplicates = try await harness.send(
            .patch, path, body: Array(#"{"signIn":{"allowDuplicateEmails":true}}"#.utf8))

        #expect(
            initial.text
                == #"{"signIn":{"allowDuplicateEmails":false},"emailPrivacyConfig":{"enableImprovedEmailPrivacy":false}}"#
        )
        #expect(
            patched.text
                == #"{"signIn":{"allowDuplicateEmails":false},"emailPrivacyConfig":{"enableImprovedEmailPrivacy":true}}"#
        )
        #expect(
            duplicates.text
                == #"{"signIn":{"allowDuplicateEmails":true},"emailPrivacyConfig":{"enableImprovedEmailPrivacy":true}}"#
        )
    }

    @Test("reset() forgets accounts, codes and refresh tokens")
    func reset() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let signedUp = try await harness.signUp(email: "ada@example.com")
        _ = try await harness.sendCode(to: "+15555550100")
        _ = try await harness.v1("accounts:sendOobCode", ["requestType": "EMAIL_SIGNIN", "email": "bob@example.com"])
            .requireOK()

        harness.backend.reset()
        let refresh = try await harness.post(
            "/securetoken.googleapis.com/v1/token?key=k",
            form: [
                ("grant_type", "refresh_token"), ("refresh_token", try #require(signedUp["refreshToken"] as? String)),
            ]
        )

        #expect(harness.backend.accounts.isEmpty)
        #expect(harness.backend.verificationCodes.isEmpty)
        #expect(harness.backend.oobCodes.isEmpty)
        #expect(refresh.errorMessage == "INVALID_REFRESH_TOKEN")
    }
}
