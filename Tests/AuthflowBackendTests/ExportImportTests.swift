import AuthflowBackend
import AuthflowHTTP
import AuthflowPrimitives
import Foundation
import Testing

/// `--import` / `--export-on-exit` in firebase-tools' auth export layout, through the library: a round trip
/// between two backends, a fixture written by hand in the official emulator's format, malformed imports (file,
/// entry and field named; nothing loaded), and the hub's export endpoint.
@Suite("Export and import in firebase-tools' layout")
struct ExportImportTests {
    /// A fresh directory under the system temporary directory.
    static func temporaryDirectory() throws -> String {
        let path = NSTemporaryDirectory() + "authflow-export-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func write(_ text: String, to path: String) throws {
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    static func readJSON(_ path: String) throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// Every user of the project (or `tenantID`), by localId, as the admin lists them.
    static func users(_ harness: BackendHarness, tenantID: String? = nil) async throws -> [String: [String: Any]] {
        let query = "?maxResults=-1" + (tenantID.map { "&tenantId=\($0)" } ?? "")
        let path =
            tenantID.map {
                "/identitytoolkit.googleapis.com/v1/projects/\(harness.projectID)/tenants/\($0)/accounts:batchGet"
            }
            ?? "/identitytoolkit.googleapis.com/v1/projects/\(harness.projectID)/accounts:batchGet"
        let reply = try await harness.get(path + query, headers: BackendHarness.owner).requireOK()
        let users = reply["users"] as? [[String: Any]] ?? []
        return Dictionary(uniqueKeysWithValues: users.map { ($0["localId"] as? String ?? "", $0) })
    }

    /// The fields an import carries over unchanged (the official import resets `validSince` and
    /// `passwordUpdatedAt` to the import time and drops `lastRefreshAt`, `initialEmail`, `emailLinkSignin`).
    static let preservedFields = [
        "localId", "email", "emailVerified", "displayName", "photoUrl", "phoneNumber", "passwordHash", "salt",
        "providerUserInfo", "mfaInfo", "customAttributes", "createdAt", "lastLoginAt", "disabled", "tenantId",
    ]

    static func expectSame(_ before: [String: Any], _ after: [String: Any], _ context: String) {
        // An account that never had the flag (phone, anonymous) comes back with `false`, as `batchCreate` sets it.
        #expect((before["emailVerified"] as? Bool ?? false) == (after["emailVerified"] as? Bool ?? false), "\(context)")
        for field in preservedFields where field != "emailVerified" {
            let old = before[field].map { NSArray(array: [$0]) }
            let new = after[field].map { NSArray(array: [$0]) }
            #expect(
                old == new,
                "\(context): \(field) was \(String(describing: before[field])), now \(String(describing: after[field]))"
            )
        }
    }

    static func emulatorConfig(_ harness: BackendHarness) async throws -> [String: Any] {
        try await harness.get("/emulator/v1/projects/\(harness.projectID)/config", headers: BackendHarness.owner)
            .requireOK()
    }

    @Test(
        "Round trip: every account (password hash, providers, MFA, claims, disabled), tenants and the config come back field by field"
    )
    func roundTrip() async throws {
        let source = try BackendHarness()
        defer { source.backend.stop() }
        let password = try await source.signUp(email: "pat@example.com", password: "hunter22")
        let patID = try #require(password["localId"] as? String)
        _ = try await source.admin(
            "accounts:update",
            [
                "localId": patID, "displayName": "Pat", "photoUrl": "https://example.com/pat.png",
                "customAttributes": #"{"role":"admin","level":3}"#, "emailVerified": true,
                "mfa": [
                    "enrollments": [
                        [
                            "mfaEnrollmentId": "roundTripFactor0000000000001", "phoneInfo": BackendHarness.adminPhone,
                            "displayName": "work phone",
                        ]
                    ]
                ],
            ]
        ).requireOK()
        let google = try await source.idpSignIn("google.com", sub: "g-123")
        let googleID = try #require(google["localId"] as? String)
        _ = try await source.admin("accounts:update", ["localId": googleID, "disableUser": true]).requireOK()
        _ = try await source.phoneSignIn(BackendHarness.adminPhone2)
        _ = try await source.anonymousLocalId()
        let tenantID = try await source.registerTenant(["allowPasswordSignup": true])
        _ = try await source.signUp(email: "tenant@example.com", password: "tenant-pw", tenantID: tenantID)
        _ = try await source.send(
            .patch, "/emulator/v1/projects/\(source.projectID)/config",
            body: Array(
                #"{"signIn":{"allowDuplicateEmails":true},"emailPrivacyConfig":{"enableImprovedEmailPrivacy":true}}"#
                    .utf8),
            headers: BackendHarness.owner + [HTTPHeader(name: "Content-Type", value: "application/json")]
        ).requireOK()

        let directory = try Self.temporaryDirectory()
        try source.backend.exportData(to: directory)

        let target = try BackendHarness()
        defer { target.backend.stop() }
        let summary = try target.backend.importData(from: directory)
        #expect(summary.accounts == 5)
        #expect(summary.tenants == 1)

        let before = try await Self.users(source)
        let after = try await Self.users(target)
        #expect(Set(before.keys) == Set(after.keys))
        for (localId, user) in before { Self.expectSame(user, after[localId] ?? [:], localId) }
        let tenantBefore = try await Self.users(source, tenantID: tenantID)
        let tenantAfter = try await Self.users(target, tenantID: tenantID)
        #expect(tenantBefore.count == 1)
        #expect(Set(tenantBefore.keys) == Set(tenantAfter.keys))
        for (localId, user) in tenantBefore { Self.expectSame(user, tenantAfter[localId] ?? [:], localId) }
        let configBefore = try await Self.emulatorConfig(source)
        let configAfter = try await Self.emulatorConfig(target)
        #expect(NSDictionary(dictionary: configBefore) == NSDictionary(dictionary: configAfter))
        #expect((configAfter["signIn"] as? [String: Any])?["allowDuplicateEmails"] as? Bool == true)

        // The imported hash signs in with the original password, and the second factor still applies.
        let signIn = try await target.v1(
            "accounts:signInWithPassword", ["email": "pat@example.com", "password": "hunter22"]
        ).requireOK()
        #expect(signIn["mfaPendingCredential"] is String, "\(signIn)")
        let tenantSignIn = try await target.v1(
            "accounts:signInWithPassword",
            ["email": "tenant@example.com", "password": "tenant-pw", "tenantId": tenantID]
        ).requireOK()
        #expect(tenantSignIn["idToken"] is String)
    }

    @Test("A TOTP factor, which the layout cannot carry, is left out and counted; the export still imports")
    func totpLeftOut() async throws {
        let source = try BackendHarness()
        defer { source.backend.stop() }
        let user = try await source.verifiedAccount(email: "totp@example.com", password: "totp-pw-1")
        let started = try await source.v2(
            "accounts/mfaEnrollment:start", ["idToken": user.idToken, "totpEnrollmentInfo": [String: Any]()]
        ).requireOK()
        let info = try #require(started["totpSessionInfo"] as? [String: Any])
        let secret = try #require(info["sharedSecretKey"] as? String)
        let generator = try #require(TimeBasedOneTimePassword(base32Secret: secret))
        let code = generator.code(step: Int64(Date().timeIntervalSince1970) / 30)
        let verification: [String: Any] = ["sessionInfo": info["sessionInfo"] ?? "", "verificationCode": code]
        _ = try await source.v2(
            "accounts/mfaEnrollment:finalize", ["idToken": user.idToken, "totpVerificationInfo": verification]
        ).requireOK()

        let directory = try Self.temporaryDirectory()
        let summary = try source.backend.exportData(to: directory)
        #expect(summary.omittedTOTPFactors == 1)
        #expect(summary.accounts == 1)
        let exported = try Self.readJSON(directory + "/auth_export/accounts.json")
        #expect((exported["users"] as? [[String: Any]])?.first?["mfaInfo"] == nil)

        let target = try BackendHarness()
        defer { target.backend.stop() }
        try target.backend.importData(from: directory)
        let signIn = try await target.v1(
            "accounts:signInWithPassword", ["email": "totp@example.com", "password": "totp-pw-1"]
        ).requireOK()
        #expect(signIn["idToken"] is String)
    }

    @Test(
        "The export is firebase-tools' layout: metadata beside auth_export/ with accounts, accounts-<tenant> and config"
    )
    func layout() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        _ = try await harness.signUp(email: "layout@example.com")
        let tenantID = try await harness.registerTenant()
        let directory = try Self.temporaryDirectory()
        try harness.backend.exportData(to: directory)

        let metadata = try Self.readJSON(directory + "/firebase-export-metadata.json")
        #expect(metadata["version"] is String)
        #expect((metadata["auth"] as? [String: Any])?["path"] as? String == "auth_export")
        let accounts = try Self.readJSON(directory + "/auth_export/accounts.json")
        #expect(accounts["kind"] as? String == "identitytoolkit#DownloadAccountResponse")
        #expect((accounts["users"] as? [[String: Any]])?.first?["email"] as? String == "layout@example.com")
        let tenant = try Self.readJSON(directory + "/auth_export/accounts-\(tenantID).json")
        #expect((tenant["users"] as? [Any])?.isEmpty == true)
        let config = try Self.readJSON(directory + "/auth_export/config.json")
        #expect((config["signIn"] as? [String: Any])?["allowDuplicateEmails"] as? Bool == false)
        #expect((config["emailPrivacyConfig"] as? [String: Any])?["enableImprovedEmailPrivacy"] as? Bool == false)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        #expect(names == ["auth_export", "firebase-export-metadata.json"])
    }

    /// An export as firebase-tools writes it (hubExport.ts: the metadata with 2-space indentation; the auth files
    /// are the emulator's compact `batchGet?maxResults=-1` and `/emulator/v1/…/config` replies), written by hand.
    static let officialMetadata = """
        {
          "version": "13.29.1",
          "auth": {
            "version": "13.29.1",
            "path": "auth_export"
          }
        }
        """
    static let officialAccounts =
        #"{"kind":"identitytoolkit#DownloadAccountResponse","users":[{"localId":"Q8mJZt6vX2aD3mYk4f7pL1nR9sTu","createdAt":"1700000000000","lastLoginAt":"1700000500000","displayName":"Ada","photoUrl":"https://example.com/ada.png","passwordHash":"fakeHash:salt=fakeSaltAbCdEfGhIjKlMnOpQrSt:password=lovelace1","salt":"fakeSaltAbCdEfGhIjKlMnOpQrSt","passwordUpdatedAt":1700000000000,"customAttributes":"{\"role\":\"editor\"}","providerUserInfo":[{"providerId":"password","email":"ada@example.com","federatedId":"ada@example.com","rawId":"ada@example.com","displayName":"Ada","photoUrl":"https://example.com/ada.png"},{"providerId":"google.com","rawId":"10987654321","federatedId":"10987654321","email":"ada@example.com","displayName":"Ada G"}],"validSince":"1700000000","email":"ada@example.com","emailVerified":true,"disabled":false,"lastRefreshAt":"2023-11-14T22:21:40.000Z","mfaInfo":[{"phoneInfo":"+15555550100","displayName":"phone","mfaEnrollmentId":"aBcDeFgHiJkLmNoPqRsTuVwXyZ01","enrolledAt":"2023-11-14T22:13:20.000Z","unobfuscatedPhoneInfo":"+15555550100"}]},{"localId":"phoneOnlyUser000000000000001","createdAt":"1700000001000","lastLoginAt":"1700000001000","phoneNumber":"+15555550199","providerUserInfo":[{"providerId":"phone","rawId":"+15555550199","phoneNumber":"+15555550199"}],"validSince":"1700000001","lastRefreshAt":"2023-11-14T22:13:21.000Z"}]}"#
    static let officialTenantAccounts =
        #"{"kind":"identitytoolkit#DownloadAccountResponse","users":[{"localId":"tenantUser000000000000000001","createdAt":"1700000002000","lastLoginAt":"1700000002000","passwordHash":"fakeHash:salt=fakeSaltTenant00000000000000:password=tenant-pw","salt":"fakeSaltTenant00000000000000","passwordUpdatedAt":1700000002000,"providerUserInfo":[{"providerId":"password","email":"t@example.com","federatedId":"t@example.com","rawId":"t@example.com"}],"validSince":"1700000002","email":"t@example.com","emailVerified":false,"disabled":false,"tenantId":"tenant-a1b2c"}]}"#
    static let officialConfig =
        #"{"signIn":{"allowDuplicateEmails":true},"emailPrivacyConfig":{"enableImprovedEmailPrivacy":false}}"#

    static func writeOfficialExport(to directory: String) throws {
        try write(officialMetadata, to: directory + "/firebase-export-metadata.json")
        try write(officialAccounts, to: directory + "/auth_export/accounts.json")
        try write(officialTenantAccounts, to: directory + "/auth_export/accounts-tenant-a1b2c.json")
        try write(officialConfig, to: directory + "/auth_export/config.json")
    }

    @Test("A hand-written export in the official emulator's format imports and reads back through REST")
    func officialFixture() async throws {
        let directory = try Self.temporaryDirectory()
        try Self.writeOfficialExport(to: directory)
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        try harness.backend.importData(from: directory)

        let ada = try await harness.adminLookup("Q8mJZt6vX2aD3mYk4f7pL1nR9sTu")
        #expect(ada["email"] as? String == "ada@example.com")
        #expect(ada["displayName"] as? String == "Ada")
        #expect(ada["createdAt"] as? String == "1700000000000")
        #expect(ada["lastLoginAt"] as? String == "1700000500000")
        #expect(ada["customAttributes"] as? String == #"{"role":"editor"}"#)
        let providers = (ada["providerUserInfo"] as? [[String: Any]] ?? []).compactMap { $0["providerId"] as? String }
        #expect(Set(providers) == ["password", "google.com"])
        let factor = try #require((ada["mfaInfo"] as? [[String: Any]])?.first)
        #expect(factor["mfaEnrollmentId"] as? String == "aBcDeFgHiJkLmNoPqRsTuVwXyZ01")
        #expect(factor["phoneInfo"] as? String == "+15555550100")
        // The emulator's fake hash: the password signs in, and the enrolled factor is asked for.
        let signIn = try await harness.v1(
            "accounts:signInWithPassword", ["email": "ada@example.com", "password": "lovelace1"]
        ).requireOK()
        #expect(signIn["mfaPendingCredential"] is String, "\(signIn)")
        let wrong = try await harness.v1(
            "accounts:signInWithPassword", ["email": "ada@example.com", "password": "babbage"])
        #expect(wrong.status == 400)
        // The Google link signs in to the same account.
        let idp = try await harness.idpSignIn("google.com", sub: "10987654321")
        #expect(idp["localId"] as? String == "Q8mJZt6vX2aD3mYk4f7pL1nR9sTu")
        let phone = try await harness.phoneSignIn("+15555550199")
        #expect(phone["localId"] as? String == "phoneOnlyUser000000000000001")
        let tenantSignIn = try await harness.v1(
            "accounts:signInWithPassword",
            ["email": "t@example.com", "password": "tenant-pw", "tenantId": "tenant-a1b2c"]
        ).requireOK()
        #expect(tenantSignIn["localId"] as? String == "tenantUser000000000000000001")
        let config = try await Self.emulatorConfig(harness)
        #expect((config["signIn"] as? [String: Any])?["allowDuplicateEmails"] as? Bool == true)
    }

    @Test("An export with no auth section (other emulators only) imports nothing and is no error")
    func noAuthSection() throws {
        let directory = try Self.temporaryDirectory()
        try Self.write(
            #"{"version":"13.29.1","firestore":{"version":"1.19.7","path":"firestore_export"}}"#,
            to: directory + "/firebase-export-metadata.json")
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let summary = try harness.backend.importData(from: directory)
        #expect(summary.hadAuthData == false)
    }

    /// A malformed export: which file (relative to the export), which entry and field, and which problem.
    struct Malformed: Sendable, CustomStringConvertible {
        var name: String
        var file: String
        var contents: String
        var expectedFile: String
        var entry: Int?
        var field: String?
        var problem: AuthExportProblem
        var description: String { name }
    }

    static let malformed: [Malformed] = [
        Malformed(
            name: "metadata not JSON", file: "firebase-export-metadata.json", contents: "{\"version\":",
            expectedFile: "firebase-export-metadata.json", entry: nil, field: nil,
            problem: .notJSON(detail: "Unexpected end of JSON input")),
        Malformed(
            name: "auth path outside", file: "firebase-export-metadata.json",
            contents: #"{"version":"1","auth":{"version":"1","path":"../elsewhere"}}"#,
            expectedFile: "firebase-export-metadata.json", entry: nil, field: "auth/path", problem: .outsideExport),
        Malformed(
            name: "users not an array", file: "auth_export/accounts-tenant-a1b2c.json", contents: #"{"users":{}}"#,
            expectedFile: "auth_export/accounts-tenant-a1b2c.json", entry: nil, field: "users",
            problem: .wrongType(expected: .array)),
        Malformed(
            name: "entry without localId", file: "auth_export/accounts-tenant-a1b2c.json",
            contents: #"{"users":[{"localId":"ok1"},{"email":"x@example.com"}]}"#,
            expectedFile: "auth_export/accounts-tenant-a1b2c.json", entry: 1, field: "localId", problem: .missing),
        Malformed(
            name: "emailVerified not a boolean", file: "auth_export/accounts-tenant-a1b2c.json",
            contents: #"{"users":[{"localId":"ok1"},{"localId":"bad2","emailVerified":"yes"}]}"#,
            expectedFile: "auth_export/accounts-tenant-a1b2c.json", entry: 1, field: "emailVerified",
            problem: .wrongType(expected: .boolean)),
        Malformed(
            name: "provider entry not an object", file: "auth_export/accounts-tenant-a1b2c.json",
            contents: #"{"users":[{"localId":"bad1","providerUserInfo":["google.com"]}]}"#,
            expectedFile: "auth_export/accounts-tenant-a1b2c.json", entry: 0, field: "providerUserInfo/0",
            problem: .wrongType(expected: .object)),
        Malformed(
            name: "duplicate localId", file: "auth_export/accounts-tenant-a1b2c.json",
            contents: #"{"users":[{"localId":"same"},{"localId":"same"}]}"#,
            expectedFile: "auth_export/accounts-tenant-a1b2c.json", entry: 1, field: "localId", problem: .duplicate),
        Malformed(
            name: "invalid email (refused by batchCreate)", file: "auth_export/accounts-tenant-a1b2c.json",
            contents: #"{"users":[{"localId":"ok1"},{"localId":"bad2","email":"not-an-email"}]}"#,
            expectedFile: "auth_export/accounts-tenant-a1b2c.json", entry: 1, field: "email",
            problem: .refused(message: "email is invalid")),
        Malformed(
            name: "config flag not a boolean", file: "auth_export/config.json",
            contents: #"{"signIn":{"allowDuplicateEmails":"true"}}"#, expectedFile: "auth_export/config.json",
            entry: nil, field: "signIn/allowDuplicateEmails", problem: .wrongType(expected: .boolean)),
    ]

    @Test("A malformed import names the file, the entry and the field, and loads nothing", arguments: malformed)
    func malformedImport(_ sample: Malformed) async throws {
        let directory = try Self.temporaryDirectory()
        try Self.writeOfficialExport(to: directory)
        try Self.write(sample.contents, to: directory + "/" + sample.file)
        let harness = try BackendHarness()
        defer { harness.backend.stop() }

        let error = #expect(throws: AuthExportError.self) { try harness.backend.importData(from: directory) }
        guard case .malformed(let fault)? = error else {
            Issue.record("not a malformed-file error: \(String(describing: error))")
            return
        }
        #expect(fault.file == directory + "/" + sample.expectedFile)
        #expect(fault.entry?.index == sample.entry)
        #expect(fault.field == sample.field)
        if case .notJSON = sample.problem {
            guard case .notJSON = fault.problem else {
                Issue.record("\(fault.problem)")
                return
            }
        } else {
            #expect(fault.problem == sample.problem)
        }
        // Nothing was loaded: not the valid accounts.json read before the bad file, nor the config.
        #expect(try await Self.users(harness).isEmpty)
        let config = try await Self.emulatorConfig(harness)
        #expect((config["signIn"] as? [String: Any])?["allowDuplicateEmails"] as? Bool == false)
    }

    @Test("A directory that is not an export is refused, naming it")
    func notAnExport() throws {
        let directory = try Self.temporaryDirectory()
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        #expect(throws: AuthExportError.notAnExport(directory: directory)) {
            try harness.backend.importData(from: directory)
        }
    }

    @Test("Export refuses a directory holding other files or other emulators' exports, and changes nothing there")
    func exportRefusesOccupied() throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let files = try Self.temporaryDirectory()
        try Self.write("keep me", to: files + "/notes.txt")
        #expect(throws: AuthExportError.occupied(directory: files, holding: .files)) {
            try harness.backend.exportData(to: files)
        }
        #expect(try String(contentsOfFile: files + "/notes.txt", encoding: .utf8) == "keep me")

        let firestore = try Self.temporaryDirectory()
        try Self.write(
            #"{"version":"13","firestore":{"version":"1","path":"firestore_export"},"auth":{"version":"13","path":"auth_export"}}"#,
            to: firestore + "/firebase-export-metadata.json")
        #expect(throws: AuthExportError.occupied(directory: firestore, holding: .otherEmulators(["firestore"]))) {
            try harness.backend.exportData(to: firestore)
        }
    }

    @Test("POST /_admin/export writes the export of a running emulator; a request with Origin is refused")
    func hubExportEndpoint() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        _ = try await harness.signUp(email: "hub@example.com")
        let directory = try Self.temporaryDirectory() + "/export"
        let body = Array(#"{"path":"\#(directory)","initiatedBy":"test\nExport complete."}"#.utf8)
        let json = [HTTPHeader(name: "Content-Type", value: "application/json")]

        let fromPage = try await harness.send(
            .post, "/_admin/export", body: body,
            headers: json + [HTTPHeader(name: "Origin", value: "http://localhost:3000")])
        #expect(fromPage.status == 403)
        #expect(!FileManager.default.fileExists(atPath: directory))

        let reply = try await harness.send(.post, "/_admin/export", body: body, headers: json).requireOK()
        #expect(reply["message"] as? String == "OK")
        let accounts = try Self.readJSON(directory + "/auth_export/accounts.json")
        #expect((accounts["users"] as? [[String: Any]])?.first?["email"] as? String == "hub@example.com")
        // The request's values are escaped in the log: no line is forged by a line feed in them.
        #expect(
            harness.logs.all.contains { $0.contains("initiated by test\\u{A}Export complete.") }, "\(harness.logs.all)")
        #expect(harness.logs.all.filter { $0.contains("\n") }.isEmpty)

        let relative = try await harness.send(
            .post, "/_admin/export", body: Array(#"{"path":"relative/dir"}"#.utf8), headers: json)
        #expect(relative.status == 400)
    }
}
