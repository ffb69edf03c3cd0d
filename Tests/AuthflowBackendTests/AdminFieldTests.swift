import AuthflowBackend
import Foundation
import Testing

/// Fields only an admin (or an import) sets, from the emulator's `setAccountInfo.spec.ts` and `signUp.spec.ts`:
/// `customAttributes` (and their claims in ID tokens), `mfaInfo` on sign-up, `mfa.enrollments` on update,
/// `linkProviderUserInfo`.
@Suite("Admin-set fields: customAttributes")
struct CustomAttributesTests {
    @Test("set by an admin, they appear in the account's next ID tokens")
    func claimsInTokens() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let localId = try #require(try await harness.signUp(email: "foo@example.com")["localId"] as? String)

        _ = try await harness.ownerV1(
            "accounts:update", ["localId": localId, "customAttributes": #"{"foo":"bar","baz":{"answer":42}}"#]
        ).requireOK()
        let signedIn = try await harness.v1(
            "accounts:signInWithPassword", ["email": "foo@example.com", "password": "secret-password"]
        ).requireOK()

        let claims = try JWTParts(try #require(signedIn["idToken"] as? String)).claims
        #expect(claims["foo"] as? String == "bar")
        #expect((claims["baz"] as? [String: Any])?["answer"] as? Int == 42)
        #expect(
            try await harness.adminLookup(localId)["customAttributes"] as? String
                == #"{"foo":"bar","baz":{"answer":42}}"#)
    }

    @Test("not JSON, not an object, a reserved claim or over 1000 characters are refused")
    func invalid() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let localId = try #require(try await harness.signUp(email: "foo@example.com")["localId"] as? String)
        let cases: [(String, String)] = [
            ("{definitely[not]json}", "INVALID_CLAIMS"), ("42", "INVALID_CLAIMS"), (#"["a", "b"]"#, "INVALID_CLAIMS"),
            (#"{"sub": "12345"}"#, "FORBIDDEN_CLAIM : sub"),
            (#"{"a":"\#(String(repeating: "x", count: 998))"}"#, "CLAIMS_TOO_LARGE"),
        ]

        for (attributes, message) in cases {
            let reply = try await harness.ownerV1(
                "accounts:update", ["localId": localId, "customAttributes": attributes])
            #expect(reply.status == 400, "\(attributes)")
            #expect(reply.errorMessage == message, "\(attributes)")
        }
    }

    @Test("without Bearer owner they are INSUFFICIENT_PERMISSION")
    func needsAdmin() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let idToken = try #require(try await harness.signUp(email: "foo@example.com")["idToken"] as? String)

        let reply = try await harness.v1("accounts:update", ["idToken": idToken, "customAttributes": "{}"])

        #expect(reply.status == 400)
        #expect(reply.errorMessage == "INSUFFICIENT_PERMISSION")
    }
}

@Suite("Admin-set fields: mfaInfo on signUp")
struct SignUpMFAInfoTests {
    static var factor: [String: Any] { ["displayName": "Cell Phone", "phoneInfo": BackendHarness.adminPhone] }

    private static func signUp(_ mfaInfo: [[String: Any]], _ harness: BackendHarness) async throws -> [[String: Any]] {
        let reply = try await harness.v1(
            "accounts:signUp", ["email": "alice@example.com", "password": "notasecret", "mfaInfo": mfaInfo]
        ).requireOK()
        let localId = try #require(reply["localId"] as? String)
        return try #require(try await harness.adminLookup(localId)["mfaInfo"] as? [[String: Any]])
    }

    @Test("two factors are stored, each with an enrollment ID")
    func twoFactors() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }

        let stored = try await Self.signUp(
            [Self.factor, ["displayName": "Cell Phone", "phoneInfo": BackendHarness.adminPhone2]], harness)

        #expect(
            Set(stored.compactMap { $0["phoneInfo"] as? String }) == [
                BackendHarness.adminPhone, BackendHarness.adminPhone2,
            ])
        #expect(stored.allSatisfy { ($0["mfaEnrollmentId"] as? String)?.isEmpty == false })
        #expect(stored.first?["displayName"] as? String == "Cell Phone")
    }

    @Test("factors with the same number are stored once")
    func deduplicates() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }

        let stored = try await Self.signUp([Self.factor, Self.factor, Self.factor], harness)

        #expect(stored.count == 1)
        #expect(stored.first?["phoneInfo"] as? String == BackendHarness.adminPhone)
    }

    @Test("a display name is not required")
    func noDisplayName() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }

        let stored = try await Self.signUp([["phoneInfo": BackendHarness.adminPhone]], harness)

        #expect(stored.count == 1)
        #expect(stored.first?["displayName"] == nil)
    }

    @Test("a number without country code is INVALID_MFA_PHONE_NUMBER")
    func invalidNumber() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }

        let reply = try await harness.ownerV1(
            "accounts:signUp",
            ["email": "alice@example.com", "password": "notasecret", "mfaInfo": [["phoneInfo": "5555550100"]]])

        #expect(reply.status == 400)
        #expect(reply.errorMessage == "INVALID_MFA_PHONE_NUMBER : Invalid format.")
    }

    @Test("given enrollment IDs are ignored on create")
    func ignoresGivenIds() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        var first = Self.factor
        first["mfaEnrollmentId"] = "thisShouldBeIgnored1"
        var second = Self.factor
        second["mfaEnrollmentId"] = "thisShouldBeIgnored2"

        let stored = try await Self.signUp([first, second], harness)

        #expect(stored.count == 1)
        let id = try #require(stored.first?["mfaEnrollmentId"] as? String)
        #expect(!["thisShouldBeIgnored1", "thisShouldBeIgnored2"].contains(id))
    }

    @Test("an account created with a factor must complete a second factor at sign-in")
    func requiresSecondFactor() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        _ = try await Self.signUp([Self.factor], harness)

        let reply = try await harness.v1(
            "accounts:signInWithPassword", ["email": "alice@example.com", "password": "notasecret"]
        ).requireOK()

        #expect(reply["mfaPendingCredential"] is String)
        #expect(reply["idToken"] == nil)
    }
}

@Suite("Admin-set fields: mfa on accounts:update")
struct UpdateMFATests {
    static var factor: [String: Any] { ["displayName": "Cell Phone", "phoneInfo": BackendHarness.adminPhone] }

    private static func update(
        _ localId: String, _ enrollments: [[String: Any]]?, _ harness: BackendHarness
    ) async throws -> Reply {
        let mfa: [String: Any] = enrollments.map { ["enrollments": $0] } ?? [:]
        return try await harness.ownerV1("accounts:update", ["localId": localId, "mfa": mfa])
    }

    private static func factor(id: String, phone: String = BackendHarness.adminPhone) -> [String: Any] {
        ["displayName": "Cell Phone", "phoneInfo": phone, "mfaEnrollmentId": id]
    }

    @Test("creates factors with the given enrollment ID")
    func creates() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let localId = try #require(try await harness.signUp(email: "bob@example.com")["localId"] as? String)

        _ = try await Self.update(localId, [Self.factor(id: "enrollmentId1")], harness).requireOK()

        let stored = try #require(try await harness.adminLookup(localId)["mfaInfo"] as? [[String: Any]])
        #expect(stored.count == 1)
        #expect(stored.first?["displayName"] as? String == "Cell Phone")
        #expect(stored.first?["phoneInfo"] as? String == BackendHarness.adminPhone)
        #expect(stored.first?["mfaEnrollmentId"] as? String == "enrollmentId1")
    }

    @Test("replaces existing factors; an empty or absent list removes them")
    func replacesAndRemoves() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let localId = try #require(try await harness.signUp(email: "bob@example.com")["localId"] as? String)
        _ = try await Self.update(localId, [Self.factor(id: "a")], harness).requireOK()

        _ = try await Self.update(localId, [Self.factor(id: "b", phone: BackendHarness.adminPhone2)], harness)
            .requireOK()
        let replaced = try await harness.adminLookup(localId)["mfaInfo"] as? [[String: Any]]
        _ = try await Self.update(localId, [], harness).requireOK()
        let emptied = try await harness.adminLookup(localId)["mfaInfo"]
        _ = try await Self.update(localId, [Self.factor(id: "c")], harness).requireOK()
        _ = try await Self.update(localId, nil, harness).requireOK()
        let absent = try await harness.adminLookup(localId)["mfaInfo"]

        #expect(replaced?.map { $0["mfaEnrollmentId"] as? String } == ["b"])
        #expect(emptied == nil)
        #expect(absent == nil)
    }

    @Test("an entry without mfaEnrollmentId is INVALID_MFA_ENROLLMENT_ID")
    func missingId() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let localId = try #require(try await harness.signUp(email: "bob@example.com")["localId"] as? String)

        let reply = try await Self.update(localId, [Self.factor], harness)

        #expect(reply.status == 400)
        #expect(reply.errorMessage == "INVALID_MFA_ENROLLMENT_ID : mfaEnrollmentId must be defined.")
    }

    @Test("entries repeating a number keep the first")
    func deduplicates() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let localId = try #require(try await harness.signUp(email: "bob@example.com")["localId"] as? String)

        _ = try await Self.update(
            localId,
            [
                Self.factor(id: "id5"), Self.factor(id: "id6"),
                Self.factor(id: "id8", phone: BackendHarness.adminPhone2),
                Self.factor(id: "id9", phone: BackendHarness.adminPhone2),
            ], harness
        ).requireOK()

        let stored = try #require(try await harness.adminLookup(localId)["mfaInfo"] as? [[String: Any]])
        #expect(stored.map { $0["mfaEnrollmentId"] as? String } == ["id5", "id8"])
    }

    @Test("one enrollment ID for two numbers is DUPLICATE_MFA_ENROLLMENT_ID")
    func duplicateId() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let localId = try #require(try await harness.signUp(email: "bob@example.com")["localId"] as? String)

        let reply = try await Self.update(
            localId, [Self.factor(id: "dup"), Self.factor(id: "dup", phone: BackendHarness.adminPhone2)], harness)

        #expect(reply.status == 400)
        #expect(reply.errorMessage == "DUPLICATE_MFA_ENROLLMENT_ID")
    }

    @Test("enrollment IDs need not be unique across accounts")
    func idAcrossAccounts() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let bob = try #require(try await harness.signUp(email: "bob@example.com")["localId"] as? String)
        let alice = try #require(try await harness.signUp(email: "alice@example.com")["localId"] as? String)
        _ = try await Self.update(alice, [Self.factor(id: "shared")], harness).requireOK()

        _ = try await Self.update(bob, [Self.factor(id: "shared")], harness).requireOK()

        let stored = try await harness.adminLookup(bob)["mfaInfo"] as? [[String: Any]]
        #expect(stored?.first?["mfaEnrollmentId"] as? String == "shared")
    }

    @Test("a missing or malformed number is INVALID_MFA_PHONE_NUMBER")
    func invalidNumber() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let localId = try #require(try await harness.signUp(email: "bob@example.com")["localId"] as? String)

        let missing = try await Self.update(localId, [["mfaEnrollmentId": "x"]], harness)
        let malformed = try await Self.update(localId, [Self.factor(id: "x", phone: "5555550100")], harness)

        #expect(missing.errorMessage == "INVALID_MFA_PHONE_NUMBER : Invalid format.")
        #expect(malformed.errorMessage == "INVALID_MFA_PHONE_NUMBER : Invalid format.")
    }

    @Test("an unknown localId is USER_NOT_FOUND")
    func unknownUser() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }

        let reply = try await Self.update("nosuch", [Self.factor(id: "x")], harness)

        #expect(reply.status == 400)
        #expect(reply.errorMessage == "USER_NOT_FOUND")
    }
}

@Suite("Admin-set fields: linkProviderUserInfo")
struct LinkProviderUserInfoTests {
    static var info: [String: Any] {
        [
            "providerId": "google.com", "rawId": "google_user_id", "email": "linked@example.com",
            "displayName": "Linked User", "photoUrl": "https://example.com/photo.jpg",
        ]
    }

    @Test("links the entry as given beside the password provider")
    func links() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let signedUp = try await harness.signUp(email: "test@example.com")
        let idToken = try #require(signedUp["idToken"] as? String)

        let reply = try await harness.v1("accounts:update", ["idToken": idToken, "linkProviderUserInfo": Self.info])
            .requireOK()

        let providers = try #require(reply["providerUserInfo"] as? [[String: Any]])
        #expect(providers.count == 2)
        let linked = try #require(providers.first { $0["providerId"] as? String == "google.com" })
        #expect(NSDictionary(dictionary: linked) == NSDictionary(dictionary: Self.info))
        let looked = try await harness.adminLookup(try #require(signedUp["localId"] as? String))
        let stored = (looked["providerUserInfo"] as? [[String: Any]])?.first {
            $0["providerId"] as? String == "google.com"
        }
        #expect(NSDictionary(dictionary: stored ?? [:]) == NSDictionary(dictionary: Self.info))
    }

    @Test("without rawId it is MISSING_RAW_ID, without providerId MISSING_PROVIDER_ID")
    func missingFields() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let idToken = try #require(try await harness.signUp(email: "test@example.com")["idToken"] as? String)

        let noRawId = try await harness.v1(
            "accounts:update",
            ["idToken": idToken, "linkProviderUserInfo": ["providerId": "google.com", "email": "linked@example.com"]])
        let noProvider = try await harness.v1(
            "accounts:update",
            ["idToken": idToken, "linkProviderUserInfo": ["rawId": "google_user_id", "email": "linked@example.com"]])

        #expect(noRawId.status == 400 && noRawId.errorMessage?.contains("MISSING_RAW_ID") == true)
        #expect(noProvider.status == 400 && noProvider.errorMessage?.contains("MISSING_PROVIDER_ID") == true)
    }

    @Test("a disabled account is USER_DISABLED")
    func disabled() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let signedUp = try await harness.signUp(email: "test@example.com")
        let localId = try #require(signedUp["localId"] as? String)
        _ = try await harness.ownerV1("accounts:update", ["localId": localId, "disableUser": true]).requireOK()

        let reply = try await harness.v1(
            "accounts:update",
            ["idToken": try #require(signedUp["idToken"] as? String), "linkProviderUserInfo": Self.info])

        #expect(reply.status == 400)
        #expect(reply.errorMessage == "USER_DISABLED")
    }
}

/// `signIn.allowDuplicateEmails` (set through `/emulator/v1/projects/<id>/config`), from the emulator's
/// `idp.spec.ts`, `createAuthUri.spec.ts` and `batch.spec.ts`.
@Suite("Admin-set fields: allowDuplicateEmails")
struct AllowDuplicateEmailsTests {
    private static func allowDuplicates(_ harness: BackendHarness) async throws {
        let reply = try await harness.send(
            .patch, "/emulator/v1/projects/\(harness.projectID)/config",
            body: Array(#"{"signIn":{"allowDuplicateEmails":true}}"#.utf8))
        _ = try reply.requireOK()
    }

    private static func idp(
        _ provider: String, sub: String, email: String, idToken: String? = nil, _ harness: BackendHarness
    ) async throws -> Reply {
        var body: [String: Any] = [
            "requestUri": "http://localhost",
            "postBody": #"providerId=\#(provider)&id_token={"sub":"\#(sub)","email":"\#(email)"}"#,
        ]
        body["idToken"] = idToken
        return try await harness.v1("accounts:signInWithIdp", body)
    }

    @Test("an IdP sign-in with an existing account's email creates another account")
    func createsAnother() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        try await Self.allowDuplicates(harness)
        let first = try await harness.signUp(email: "alice@example.com")["localId"] as? String

        let second = try await Self.idp("google.com", sub: "1234", email: "alice@example.com", harness).requireOK()

        #expect(second["localId"] as? String != first)
        #expect(second["needConfirmation"] == nil)
    }

    @Test("a new IdP account does not get the IdP's email")
    func emailNotCopied() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        try await Self.allowDuplicates(harness)

        let signedIn = try await Self.idp("google.com", sub: "1234", email: "alice@example.com", harness).requireOK()

        let info = try await harness.adminLookup(try #require(signedIn["localId"] as? String))
        #expect(info["email"] == nil)
    }

    @Test("two providers with the same email make two accounts")
    func twoProviders() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        try await Self.allowDuplicates(harness)

        let google = try await Self.idp("google.com", sub: "1234", email: "alice@example.com", harness).requireOK()
        let facebook = try await Self.idp("facebook.com", sub: "1234", email: "alice@example.com", harness)
            .requireOK()

        #expect(google["localId"] as? String != facebook["localId"] as? String)
    }

    @Test("linking an IdP whose email another account holds is allowed")
    func linksDespiteEmail() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        _ = try await harness.signUp(email: "alice@example.com")
        try await Self.allowDuplicates(harness)
        let anonymous = try await harness.v1("accounts:signUp", ["returnSecureToken": true]).requireOK()

        let linked = try await Self.idp(
            "google.com", sub: "12345", email: "alice@example.com",
            idToken: try #require(anonymous["idToken"] as? String), harness
        ).requireOK()

        #expect(linked["localId"] as? String == anonymous["localId"] as? String)
    }

    @Test("without it, linking an IdP whose email another account holds is EMAIL_EXISTS")
    func emailExistsByDefault() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        _ = try await harness.signUp(email: "alice@example.com")
        let anonymous = try await harness.v1("accounts:signUp", ["returnSecureToken": true]).requireOK()

        let linked = try await Self.idp(
            "google.com", sub: "12345", email: "alice@example.com",
            idToken: try #require(anonymous["idToken"] as? String), harness)

        #expect(linked.status == 400)
        #expect(linked.errorMessage == "EMAIL_EXISTS")
    }

    @Test("createAuthUri lists only password methods, for the address and for an IdP address on the account")
    func createAuthUriListsPasswordOnly() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let google = try await Self.idp("google.com", sub: "12345", email: "alice@example.com", harness).requireOK()
        _ = try await harness.v1(
            "accounts:signUp",
            [
                "idToken": try #require(google["idToken"] as? String), "email": "bob@example.com",
                "password": "notasecret",
            ]
        ).requireOK()
        try await Self.allowDuplicates(harness)

        let bob = try await harness.v1(
            "accounts:createAuthUri", ["identifier": "bob@example.com", "continueUri": "http://example.com/"]
        ).requireOK()
        let alice = try await harness.v1(
            "accounts:createAuthUri", ["identifier": "alice@example.com", "continueUri": "http://example.com/"]
        ).requireOK()

        #expect(bob["registered"] as? Bool == true)
        #expect(bob["allProviders"] as? [String] == ["password"])
        #expect(bob["signinMethods"] as? [String] == ["password"])
        // The IdP's address finds the account through its provider entry; still only password methods.
        #expect(alice["registered"] as? Bool == true)
        #expect(alice["allProviders"] as? [String] == ["password"])
        #expect(alice["signinMethods"] as? [String] == ["password"])
    }

    @Test("batchCreate with sanityCheck accepts duplicate emails in the payload but still not an existing one")
    func batchCreateDuplicates() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        _ = try await harness.signUp(email: "bar@example.com")
        try await Self.allowDuplicates(harness)
        let users = [
            ["localId": "test1", "email": "foo@example.com"], ["localId": "test2", "email": "foo@example.com"],
            ["localId": "test3", "email": "bar@example.com"],
        ]

        let reply = try await harness.admin("accounts:batchCreate", ["sanityCheck": true, "users": users]).requireOK()

        let errors = try #require(reply["error"] as? [[String: Any]])
        #expect(errors.map { $0["index"] as? Int } == [1, 2])
        #expect(
            errors.map { $0["message"] as? String } == [
                "((Auth Emulator does not support importing duplicate email: foo@example.com))",
                "((Auth Emulator does not support importing duplicate email: bar@example.com))",
            ])
    }
}
