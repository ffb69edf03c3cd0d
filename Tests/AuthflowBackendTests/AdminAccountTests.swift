import AuthflowBackend
import Foundation
import Testing

/// The emulator's `batch.spec.ts` ("accounts:batchGet", "accounts:batchCreate", "accounts:batchDelete") and the
/// Admin SDK parts of `misc.spec.ts` ("createSessionCookie", "accounts:lookup", "accounts:query"), over HTTP at
/// the project paths the Admin SDK calls, with `Authorization: Bearer owner`.
@Suite("Admin SDK: accounts:batchGet")
struct AdminBatchGetTests {
    static let legacyDownload = "/www.googleapis.com/identitytoolkit/v3/relyingparty/downloadAccount"

    @Test("lists every account, without a page token when the page is not full")
    func listsAll() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let first = try await harness.anonymousLocalId()
        let second = try #require(try await harness.signUp(email: "foo@example.com")["localId"] as? String)

        let reply = try await harness.batchGet()

        let ids = (reply["users"] as? [[String: Any]])?.compactMap { $0["localId"] as? String }
        #expect(Set(ids ?? []) == [first, second])
        #expect(ids?.count == 2)
        #expect(reply["nextPageToken"] == nil)
    }

    @Test("shows second factors with the full number")
    func showsMFA() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        _ = try await harness.v1(
            "accounts:signUp",
            [
                "email": "mfa@example.com", "password": "notasecret",
                "mfaInfo": [["phoneInfo": BackendHarness.adminPhone]],
            ]
        ).requireOK()

        let users = try #require(try await harness.batchGet()["users"] as? [[String: Any]])

        let factor = try #require((users.first?["mfaInfo"] as? [[String: Any]])?.first)
        #expect(factor["phoneInfo"] as? String == BackendHarness.adminPhone)
        #expect(factor["unobfuscatedPhoneInfo"] as? String == BackendHarness.adminPhone)
    }

    @Test("the legacy downloadAccount lists accounts of the body's targetProjectId")
    func legacy() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let first = try await harness.anonymousLocalId()
        let second = try #require(try await harness.signUp(email: "foo@example.com")["localId"] as? String)

        let reply = try await harness.post(
            Self.legacyDownload, json: ["targetProjectId": harness.projectID], headers: BackendHarness.owner
        ).requireOK()

        let ids = (reply["users"] as? [[String: Any]])?.compactMap { $0["localId"] as? String }
        #expect(Set(ids ?? []) == [first, second])
        #expect(reply["nextPageToken"] == nil)
    }

    @Test("legacy downloadAccount without targetProjectId is INSUFFICIENT_PERMISSION")
    func legacyWithoutProject() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }

        let reply = try await harness.post(Self.legacyDownload, json: [:], headers: BackendHarness.owner)

        #expect(reply.status == 400)
        #expect(reply.errorMessage == "INSUFFICIENT_PERMISSION")
    }

    @Test("maxResults pages in localId order; nextPageToken continues, also through the legacy path")
    func pagination() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let first = try await harness.anonymousLocalId()
        let second = try #require(try await harness.signUp(email: "foo@example.com")["localId"] as? String)
        let sorted = [first, second].sorted()

        let page1 = try await harness.batchGet("?maxResults=1")
        let token = try #require(page1["nextPageToken"] as? String)
        let page2 = try await harness.batchGet("?nextPageToken=\(token)")
        let legacy = try await harness.post(
            Self.legacyDownload, json: ["targetProjectId": harness.projectID, "nextPageToken": token],
            headers: BackendHarness.owner
        ).requireOK()

        #expect((page1["users"] as? [[String: Any]])?.map { $0["localId"] as? String } == [sorted[0]])
        #expect((page2["users"] as? [[String: Any]])?.map { $0["localId"] as? String } == [sorted[1]])
        #expect(page2["nextPageToken"] == nil)
        #expect((legacy["users"] as? [[String: Any]])?.map { $0["localId"] as? String } == [sorted[1]])
        #expect(legacy["nextPageToken"] == nil)
    }

    @Test("a full page always carries a token; the page after it is empty without one")
    func fullPageToken() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        _ = try await harness.anonymousLocalId()
        _ = try await harness.signUp(email: "foo@example.com")

        let page1 = try await harness.batchGet("?maxResults=2")
        let token = try #require(page1["nextPageToken"] as? String)
        let page2 = try await harness.batchGet("?nextPageToken=\(token)")

        #expect((page1["users"] as? [Any])?.count == 2)
        #expect((page2["users"] as? [Any] ?? []).isEmpty)
        #expect(page2["nextPageToken"] == nil)
    }
}

@Suite("Admin SDK: accounts:batchCreate")
struct AdminBatchCreateTests {
    static let legacyUpload = "/www.googleapis.com/identitytoolkit/v3/relyingparty/uploadAccount"

    @Test("imports accounts: password users sign in, phone users sign in with their custom claims")
    func createsAccounts() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let users: [[String: Any]] = [
            ["localId": "foo", "email": "foo@example.com", "rawPassword": "notasecret"],
            ["localId": "bar", "phoneNumber": BackendHarness.adminPhone, "customAttributes": #"{"hello": "world"}"#],
        ]

        let reply = try await harness.admin("accounts:batchCreate", ["users": users]).requireOK()

        #expect((reply["error"] as? [Any] ?? []).isEmpty)
        #expect(try await harness.signInMethods("foo@example.com") == ["password"])
        let phone = try await harness.phoneSignIn(BackendHarness.adminPhone)
        #expect(phone["localId"] as? String == "bar")
        #expect(try JWTParts(try #require(phone["idToken"] as? String)).claims["hello"] as? String == "world")
    }

    @Test("the legacy uploadAccount imports into the body's targetProjectId")
    func legacy() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let users: [[String: Any]] = [
            ["localId": "foo", "email": "foo@example.com", "rawPassword": "notasecret"],
            ["localId": "bar", "phoneNumber": BackendHarness.adminPhone],
        ]

        let reply = try await harness.post(
            Self.legacyUpload, json: ["users": users, "targetProjectId": harness.projectID],
            headers: BackendHarness.owner
        ).requireOK()

        #expect((reply["error"] as? [Any] ?? []).isEmpty)
        #expect(try await harness.signInMethods("foo@example.com") == ["password"])
        #expect(try await harness.phoneSignIn(BackendHarness.adminPhone)["localId"] as? String == "bar")
    }

    @Test("an empty or missing users list is MISSING_USER_ACCOUNT")
    func missingUsers() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }

        let empty = try await harness.admin("accounts:batchCreate", ["users": [Any]()])
        let missing = try await harness.admin("accounts:batchCreate", [:])

        #expect(empty.status == 400 && empty.errorMessage == "MISSING_USER_ACCOUNT")
        #expect(missing.status == 400 && missing.errorMessage == "MISSING_USER_ACCOUNT")
    }

    @Test("emails are stored lower-cased")
    func lowercasesEmails() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }

        _ = try await harness.admin(
            "accounts:batchCreate",
            ["users": [["localId": "foo", "email": "FOO@EXAMPLE.COM", "rawPassword": "notasecret"]]]
        ).requireOK()

        #expect(try await harness.adminLookup("foo")["email"] as? String == "foo@example.com")
    }

    @Test("the emulator's own fake passwordHash is kept with its salt and works for password sign-in")
    func fakePasswordHash() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let hash = "fakeHash:salt=beach:password=hawaii"

        _ = try await harness.admin(
            "accounts:batchCreate",
            ["users": [["localId": "foo", "email": "FOO@EXAMPLE.COM", "salt": "beach", "passwordHash": hash]]]
        ).requireOK()

        let info = try await harness.adminLookup("foo")
        #expect(info["passwordHash"] as? String == hash)
        #expect(info["salt"] as? String == "beach")
        let signedIn = try await harness.v1(
            "accounts:signInWithPassword", ["email": "foo@example.com", "password": "hawaii"]
        ).requireOK()
        #expect(signedIn["localId"] as? String == "foo")
    }

    @Test("sanityCheck: duplicate emails in the payload fail the call with DUPLICATE_EMAIL")
    func duplicateEmailsInPayload() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let users = [
            ["localId": "test1", "email": "foo@example.com"], ["localId": "test2", "email": "foo@example.com"],
        ]

        let reply = try await harness.admin("accounts:batchCreate", ["sanityCheck": true, "users": users])

        #expect(reply.status == 400)
        #expect(reply.errorMessage == "DUPLICATE_EMAIL : foo@example.com")
    }

    @Test("sanityCheck: an email of an existing account is reported for that entry")
    func existingEmail() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        _ = try await harness.signUp(email: "bar@example.com")

        let reply = try await harness.admin(
            "accounts:batchCreate", ["sanityCheck": true, "users": [["localId": "test1", "email": "bar@example.com"]]]
        ).requireOK()

        let errors = try #require(reply["error"] as? [[String: Any]])
        #expect(errors.count == 1)
        #expect(errors.first?["index"] as? Int == 0)
        #expect(errors.first?["message"] as? String == "email exists in other account in database")
    }

    @Test("sanityCheck: duplicate providerId+rawId in the payload fail the call with DUPLICATE_RAW_ID")
    func duplicateRawIdsInPayload() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let info = [["providerId": "google.com", "rawId": "dup"]]
        let users: [[String: Any]] = [
            ["localId": "test1", "providerUserInfo": info], ["localId": "test2", "providerUserInfo": info],
        ]

        let reply = try await harness.admin("accounts:batchCreate", ["sanityCheck": true, "users": users])

        #expect(reply.status == 400)
        #expect(reply.errorMessage == "DUPLICATE_RAW_ID : Provider id(google.com), Raw id(dup)")
    }

    @Test("sanityCheck: a providerId+rawId linked to an existing account is reported for that entry")
    func existingRawId() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        _ = try await harness.idpSignIn("google.com", sub: "0123456")

        let reply = try await harness.admin(
            "accounts:batchCreate",
            [
                "sanityCheck": true,
                "users": [
                    ["localId": "test1", "providerUserInfo": [["providerId": "google.com", "rawId": "0123456"]]]
                ],
            ]
        ).requireOK()

        let errors = try #require(reply["error"] as? [[String: Any]])
        #expect(errors.map { $0["message"] as? String } == ["raw id exists in other account in database"])
        #expect(errors.first?["index"] as? Int == 0)
    }

    @Test("duplicate localIds fail the call; an existing localId is reported without allowOverwrite")
    func duplicateLocalIds() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }

        let duplicated = try await harness.admin(
            "accounts:batchCreate", ["users": [["localId": "test1"], ["localId": "test1"]]])
        let existing = try await harness.anonymousLocalId()
        let reply = try await harness.admin("accounts:batchCreate", ["users": [["localId": existing]]]).requireOK()

        #expect(duplicated.status == 400)
        #expect(duplicated.errorMessage == "DUPLICATE_LOCAL_ID : test1")
        let errors = try #require(reply["error"] as? [[String: Any]])
        #expect(
            errors.map { $0["message"] as? String } == ["localId belongs to an existing account - can not overwrite."])
    }

    @Test("an empty mfaInfo list is no error")
    func emptyMFA() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }

        let reply = try await harness.admin(
            "accounts:batchCreate", ["users": [["localId": "test1", "mfaInfo": [Any]()]]]
        ).requireOK()

        #expect((reply["error"] as? [Any] ?? []).isEmpty)
        #expect(try await harness.adminLookup("test1")["localId"] as? String == "test1")
    }

    @Test("invalid entries are reported one by one, in production's words, while valid ones are imported")
    func individualErrors() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let long = String(repeating: "x", count: 998)
        let users: [[String: Any]] = [
            ["email": "foo@example.com"],
            ["localId": "test1"],
            ["localId": "test2", "email": "not#an$email"],
            ["localId": "test3", "phoneNumber": "not#a$phone%number"],
            ["localId": "test4", "customAttributes": "not#a$json%object"],
            ["localId": "test5", "customAttributes": #"{"sub": "123"}"#],
            ["localId": "test6", "customAttributes": #"{"a":"\#(long)"}"#],
            ["localId": "test7", "providerUserInfo": [["providerId": "google.com"]]],
            ["localId": "test8", "providerUserInfo": [["rawId": "012345"]]],
            ["localId": "test9", "providerUserInfo": [["federatedId": "foo-bar"]]],
            ["localId": "test10", "mfaInfo": [["phoneInfo": BackendHarness.adminPhone]]],
            [
                "localId": "test11", "email": "someone@example.com",
                "mfaInfo": [["phoneInfo": BackendHarness.adminPhone]],
            ],
        ]

        let reply = try await harness.admin("accounts:batchCreate", ["users": users]).requireOK()

        let errors = try #require(reply["error"] as? [[String: Any]])
        #expect(errors.map { $0["index"] as? Int } == [0, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11])
        #expect(
            errors.map { $0["message"] as? String ?? "" } == [
                "localId is missing", "email is invalid", "phone number format is invalid",
                "Invalid custom claims provided.", "Custom claims provided include a reserved claim.",
                "Custom claims provided are too large.", "federatedId or (providerId & rawId) is required",
                "federatedId or (providerId & rawId) is required",
                "((Parsing federatedId is not implemented in Auth Emulator; please specify providerId AND rawId as a workaround.))",
                "Second factor account requires email to be presented.",
                "Second factor account requires email to be verified.",
            ])
        #expect(try await harness.adminLookup("test1")["localId"] as? String == "test1")
    }

    @Test("allowOverwrite replaces accounts with matching localIds entirely")
    func overwrite() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let google = try #require(try await harness.idpSignIn("google.com", sub: "doh")["localId"] as? String)
        let password = try #require(
            try await harness.v1(
                "accounts:signUp",
                ["email": "bar@example.com", "password": "hawaii", "displayName": "Old Display Name"]
            ).requireOK()["localId"] as? String)
        let users: [[String: Any]] = [
            ["localId": google, "email": "foo@example.com", "rawPassword": "notasecret"],
            ["localId": password, "phoneNumber": BackendHarness.adminPhone, "displayName": "New Display Name"],
        ]

        let reply = try await harness.admin("accounts:batchCreate", ["users": users, "allowOverwrite": true])
            .requireOK()

        #expect((reply["error"] as? [Any] ?? []).isEmpty)
        let first = try await harness.adminLookup(google)
        #expect(first["email"] as? String == "foo@example.com")
        let providers = try #require(first["providerUserInfo"] as? [[String: Any]])
        #expect(
            NSArray(array: providers)
                == NSArray(array: [
                    [
                        "providerId": "password", "rawId": "foo@example.com", "email": "foo@example.com",
                        "federatedId": "foo@example.com",
                    ]
                ]))
        let phone = try await harness.phoneSignIn(BackendHarness.adminPhone)
        #expect(phone["localId"] as? String == password)
        let second = try await harness.adminLookup(password)
        #expect(second["email"] == nil)
        #expect(second["passwordHash"] == nil)
        #expect(second["displayName"] as? String == "New Display Name")
    }

    @Test("imported identity provider links list as sign-in methods and sign in to the imported account")
    func importsProviders() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let user: [String: Any] = [
            "localId": "foo", "email": "foo@example.com",
            "providerUserInfo": [
                ["providerId": "google.com", "rawId": "0123456", "displayName": "Foo", "email": "foo@example.com"]
            ],
        ]

        _ = try await harness.admin("accounts:batchCreate", ["users": [user]]).requireOK()

        #expect(try await harness.signInMethods("foo@example.com") == ["google.com"])
        #expect(try await harness.idpSignIn("google.com", sub: "0123456")["localId"] as? String == "foo")
    }

    @Test("imported second factors keep enrolledAt, show the number in full and get an enrollment ID")
    func importsMFA() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let user: [String: Any] = [
            "localId": "foo", "email": "foo@example.com", "emailVerified": true,
            "mfaInfo": [["enrolledAt": "2123-04-05T06:07:28.990Z", "phoneInfo": BackendHarness.adminPhone]],
        ]

        _ = try await harness.admin("accounts:batchCreate", ["users": [user]]).requireOK()

        let factors = try #require(try await harness.adminLookup("foo")["mfaInfo"] as? [[String: Any]])
        #expect(factors.count == 1)
        #expect(factors.first?["enrolledAt"] as? String == "2123-04-05T06:07:28.990Z")
        #expect(factors.first?["phoneInfo"] as? String == BackendHarness.adminPhone)
        #expect(factors.first?["unobfuscatedPhoneInfo"] as? String == BackendHarness.adminPhone)
        #expect((factors.first?["mfaEnrollmentId"] as? String)?.isEmpty == false)
    }

    @Test("a user's tenantId other than the request's is reported for that entry")
    func tenantMismatch() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }

        let reply = try await harness.admin(
            "accounts:batchCreate", ["users": [["localId": "foo", "tenantId": "tenant-a"]]]
        ).requireOK()

        let errors = try #require(reply["error"] as? [[String: Any]])
        #expect(
            errors.map { $0["message"] as? String } == [
                "Tenant id in userInfo does not match the tenant id in request."
            ])
    }
}

@Suite("Admin SDK: accounts:batchDelete")
struct AdminBatchDeleteTests {
    private static func disable(_ localId: String, _ harness: BackendHarness) async throws {
        _ = try await harness.ownerV1("accounts:update", ["localId": localId, "disableUser": true]).requireOK()
    }

    @Test("deletes the listed disabled accounts")
    func deletesDisabled() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let first = try await harness.anonymousLocalId()
        let second = try #require(try await harness.signUp(email: "foobar@example.com")["localId"] as? String)
        try await Self.disable(first, harness)
        try await Self.disable(second, harness)

        let reply = try await harness.admin("accounts:batchDelete", ["localIds": [first, second]]).requireOK()

        #expect(reply["errors"] == nil)
        #expect(harness.backend.accounts.isEmpty)
    }

    @Test("an enabled account is reported NOT_DISABLED and kept")
    func reportsEnabled() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let first = try await harness.anonymousLocalId()
        let second = try #require(try await harness.signUp(email: "foobar@example.com")["localId"] as? String)
        try await Self.disable(second, harness)

        let reply = try await harness.admin("accounts:batchDelete", ["localIds": [first, second]]).requireOK()

        let errors = try #require(reply["errors"] as? [[String: Any]])
        #expect(errors.count == 1)
        #expect(errors.first?["index"] as? Int == 0)
        #expect(errors.first?["localId"] as? String == first)
        #expect(errors.first?["message"] as? String == "NOT_DISABLED : Disable the account before batch deletion.")
        #expect(harness.backend.accounts.map(\.localID) == [first])
    }

    @Test("force deletes enabled and disabled accounts")
    func force() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let first = try await harness.anonymousLocalId()
        let second = try #require(try await harness.signUp(email: "foobar@example.com")["localId"] as? String)
        try await Self.disable(second, harness)

        let reply = try await harness.admin("accounts:batchDelete", ["localIds": [first, second], "force": true])
            .requireOK()

        #expect(reply["errors"] == nil)
        #expect(harness.backend.accounts.isEmpty)
    }

    @Test("unknown localIds are no error, with or without force")
    func unknownIds() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }

        let plain = try await harness.admin("accounts:batchDelete", ["localIds": ["nosuch", "nosuch2"]]).requireOK()
        let forced = try await harness.admin(
            "accounts:batchDelete", ["localIds": ["nosuch", "nosuch2"], "force": true]
        ).requireOK()

        #expect(plain["errors"] == nil)
        #expect(forced["errors"] == nil)
    }

    @Test("an empty list is LOCAL_ID_LIST_EXCEEDS_LIMIT")
    func emptyList() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }

        let reply = try await harness.admin("accounts:batchDelete", ["localIds": [String](), "force": true])

        #expect(reply.status == 400)
        #expect(reply.errorMessage == "LOCAL_ID_LIST_EXCEEDS_LIMIT")
    }

    @Test("1000 IDs are accepted, 1001 are LOCAL_ID_LIST_EXCEEDS_LIMIT")
    func limit() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        var ids = (0..<1000).map { "localId-\($0)" }

        let atLimit = try await harness.admin("accounts:batchDelete", ["localIds": ids, "force": true])
        ids.append("extraOne")
        let overLimit = try await harness.admin("accounts:batchDelete", ["localIds": ids, "force": true])

        #expect(atLimit.status == 200)
        #expect(overLimit.status == 400)
        #expect(overLimit.errorMessage == "LOCAL_ID_LIST_EXCEEDS_LIMIT")
    }
}

@Suite("Admin SDK: accounts:query")
struct AdminQueryTests {
    @Test("returnUserInfo false answers only the count, as a string")
    func countOnly() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        _ = try await harness.anonymousLocalId()
        _ = try await harness.anonymousLocalId()

        let reply = try await harness.admin("accounts:query", ["returnUserInfo": false]).requireOK()

        #expect(reply["recordsCount"] as? String == "2")
        #expect(reply["userInfo"] == nil)
    }

    @Test("by default answers every account sorted by localId")
    func lists() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let anonymous = try await harness.anonymousLocalId()
        let email = try #require(try await harness.signUp(email: "alice@example.com")["localId"] as? String)

        let reply = try await harness.admin("accounts:query", [:]).requireOK()

        #expect(reply["recordsCount"] as? String == "2")
        let users = try #require(reply["userInfo"] as? [[String: Any]])
        #expect(users.compactMap { $0["localId"] as? String } == [anonymous, email].sorted())
        #expect(users.first { $0["localId"] as? String == email }?["email"] as? String == "alice@example.com")
    }

    @Test("projects/<id>:queryAccounts answers the same")
    func projectQuery() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        _ = try await harness.anonymousLocalId()

        let reply = try await harness.post(
            "/identitytoolkit.googleapis.com/v1/projects/\(harness.projectID):queryAccounts", json: [:],
            headers: BackendHarness.owner
        ).requireOK()

        #expect(reply["recordsCount"] as? String == "1")
    }
}

@Suite("Admin SDK: createSessionCookie")
struct AdminSessionCookieTests {
    private static func create(_ body: [String: Any], _ harness: BackendHarness) async throws -> Reply {
        try await harness.post(
            "/identitytoolkit.googleapis.com/v1/projects/\(harness.projectID):createSessionCookie", json: body,
            headers: BackendHarness.owner)
    }

    @Test("an unsigned cookie with the ID token's claims, iat now, exp after validDuration, the session issuer")
    func validCookie() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let signedUp = try await harness.v1("accounts:signUp", ["returnSecureToken": true]).requireOK()
        let idToken = try #require(signedUp["idToken"] as? String)
        let before = Int(Date().timeIntervalSince1970)

        let reply = try await Self.create(["idToken": idToken, "validDuration": "7777"], harness).requireOK()

        let after = Int(Date().timeIntervalSince1970)
        let cookie = try JWTParts(try #require(reply["sessionCookie"] as? String))
        #expect(cookie.header["alg"] as? String == "none")
        let issuedAt = try #require(cookie.claims["iat"] as? Int)
        #expect((before...after).contains(issuedAt))
        #expect(cookie.claims["exp"] as? Int == issuedAt + 7777)
        #expect(cookie.claims["iss"] as? String == "https://session.firebase.google.com/\(harness.projectID)")
        var tokenClaims = try JWTParts(idToken).claims
        for key in ["iss", "iat", "exp"] { tokenClaims[key] = nil }
        for (key, value) in tokenClaims {
            #expect((cookie.claims[key] as? NSObject) == (value as? NSObject), "claim \(key)")
        }
    }

    @Test("no idToken is MISSING_ID_TOKEN")
    func missingToken() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }

        let reply = try await Self.create(["validDuration": "7777"], harness)

        #expect(reply.status == 400 && reply.errorMessage == "MISSING_ID_TOKEN")
    }

    @Test("a malformed idToken is INVALID_ID_TOKEN")
    func invalidToken() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }

        let reply = try await Self.create(["idToken": "invalid", "validDuration": "7777"], harness)

        #expect(reply.status == 400 && reply.errorMessage == "INVALID_ID_TOKEN")
    }

    @Test("without validDuration the cookie lasts 14 days")
    func defaultDuration() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let idToken = try #require(
            try await harness.v1("accounts:signUp", ["returnSecureToken": true]).requireOK()["idToken"] as? String)

        let reply = try await Self.create(["idToken": idToken], harness).requireOK()

        let cookie = try JWTParts(try #require(reply["sessionCookie"] as? String))
        #expect(cookie.header["alg"] as? String == "none")
        let issuedAt = try #require(cookie.claims["iat"] as? Int)
        #expect(cookie.claims["exp"] as? Int == issuedAt + 14 * 24 * 60 * 60)
    }

    @Test("a validDuration under 5 minutes or over 14 days is INVALID_DURATION")
    func durationBounds() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let idToken = try #require(
            try await harness.v1("accounts:signUp", ["returnSecureToken": true]).requireOK()["idToken"] as? String)

        let short = try await Self.create(["idToken": idToken, "validDuration": "1"], harness)
        let long = try await Self.create(["idToken": idToken, "validDuration": "999999999999"], harness)

        #expect(short.status == 400 && short.errorMessage == "INVALID_DURATION")
        #expect(long.status == 400 && long.errorMessage == "INVALID_DURATION")
    }
}

@Suite("Admin SDK: accounts:lookup and project paths")
struct AdminLookupTests {
    @Test("by email")
    func byEmail() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        _ = try await harness.signUp(email: "bob@example.com")

        let reply = try await harness.admin("accounts:lookup", ["email": ["bob@example.com"]]).requireOK()

        #expect((reply["users"] as? [[String: Any]])?.map { $0["email"] as? String } == ["bob@example.com"])
    }

    @Test("by email even when upper-cased")
    func byUppercasedEmail() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        _ = try await harness.signUp(email: "foo@example.com")

        let reply = try await harness.admin("accounts:lookup", ["email": ["FOO@EXAMPLE.COM"]]).requireOK()

        #expect((reply["users"] as? [[String: Any]])?.map { $0["email"] as? String } == ["foo@example.com"])
    }

    @Test("an unknown email or localId answers no users field")
    func notFound() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }

        let byEmail = try await harness.admin("accounts:lookup", ["email": ["non-existent-email@example.com"]])
            .requireOK()
        let byId = try await harness.admin("accounts:lookup", ["localId": ["noSuchId"]]).requireOK()

        #expect(byEmail["users"] == nil)
        #expect(byId["users"] == nil)
    }

    @Test("by localId, each account once")
    func byLocalIdDeduplicated() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let localId = try await harness.anonymousLocalId()

        let reply = try await harness.admin("accounts:lookup", ["localId": [localId, localId]]).requireOK()

        #expect((reply["users"] as? [[String: Any]])?.map { $0["localId"] as? String } == [localId])
    }

    @Test("phone users show their phone provider entry")
    func phoneProvider() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let localId = try #require(try await harness.phoneSignIn(BackendHarness.adminPhone)["localId"] as? String)

        let info = try await harness.adminLookup(localId)

        let expected: [[String: Any]] = [
            ["phoneNumber": BackendHarness.adminPhone, "rawId": BackendHarness.adminPhone, "providerId": "phone"]
        ]
        #expect(NSArray(array: info["providerUserInfo"] as? [[String: Any]] ?? []) == NSArray(array: expected))
    }

    @Test("a project path without Bearer owner is INSUFFICIENT_PERMISSION, even with an API key")
    func projectPathNeedsOwner() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }

        let reply = try await harness.post(
            "/identitytoolkit.googleapis.com/v1/projects/\(harness.projectID)/accounts:lookup?key=k",
            json: ["localId": ["x"]])

        #expect(reply.status == 400)
        #expect(
            reply.errorMessage == "INSUFFICIENT_PERMISSION : Only authenticated requests can specify target_project_id."
        )
    }

    @Test("projects/<id>/accounts creates an account with the chosen localId and fields")
    func createAtProjectPath() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }

        let reply = try await harness.admin(
            "accounts", ["localId": "chosen", "email": "c@example.com", "emailVerified": true, "disabled": true]
        ).requireOK()

        #expect(reply["localId"] as? String == "chosen")
        #expect(reply["idToken"] == nil)
        let info = try await harness.adminLookup("chosen")
        #expect(info["emailVerified"] as? Bool == true)
        #expect(info["disabled"] as? Bool == true)
    }

    @Test("accounts:update, accounts:delete and accounts:sendOobCode with returnOobLink at the project path")
    func updateDeleteAndLinkAtProjectPath() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let localId = try #require(try await harness.signUp(email: "d@example.com")["localId"] as? String)

        let updated = try await harness.admin("accounts:update", ["localId": localId, "displayName": "D"]).requireOK()
        let link = try await harness.admin(
            "accounts:sendOobCode", ["requestType": "PASSWORD_RESET", "email": "d@example.com", "returnOobLink": true]
        ).requireOK()
        _ = try await harness.admin("accounts:delete", ["localId": localId]).requireOK()

        #expect(updated["displayName"] as? String == "D")
        #expect((link["oobLink"] as? String)?.contains("mode=resetPassword") == true)
        #expect((link["oobCode"] as? String)?.isEmpty == false)
        #expect(harness.backend.accounts.isEmpty)
    }
}

/// The admin sides of the emulator's `deleteAccount.spec.ts` and `oob.spec.ts` (`returnOobLink`).
@Suite("Admin SDK: accounts:delete and sendOobCode links")
struct AdminDeleteAndLinkTests {
    @Test("deleting by localId without Bearer owner is MISSING_ID_TOKEN")
    func deleteByIdNeedsOwner() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let localId = try #require(try await harness.signUp(email: "alice@example.com")["localId"] as? String)

        let reply = try await harness.v1("accounts:delete", ["localId": localId])

        #expect(reply.status == 400 && reply.errorMessage == "MISSING_ID_TOKEN")
        #expect(harness.backend.accounts.count == 1)
    }

    @Test("with Bearer owner the localId's account is deleted and its ID token stops working")
    func deleteById() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let signedUp = try await harness.signUp(email: "alice@example.com")

        let reply = try await harness.ownerV1(
            "accounts:delete", ["localId": try #require(signedUp["localId"] as? String)]
        ).requireOK()
        let lookup = try await harness.v1("accounts:lookup", ["idToken": try #require(signedUp["idToken"] as? String)])

        #expect(reply["error"] == nil)
        #expect(lookup.errorMessage == "USER_NOT_FOUND")
    }

    @Test("with Bearer owner and no localId it is MISSING_LOCAL_ID, even with an idToken")
    func deleteWithoutId() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let idToken = try #require(try await harness.signUp(email: "alice@example.com")["idToken"] as? String)

        let reply = try await harness.ownerV1("accounts:delete", ["idToken": idToken])

        #expect(reply.status == 400 && reply.errorMessage == "MISSING_LOCAL_ID")
    }

    @Test("returnOobLink answers code and link by email for PASSWORD_RESET, VERIFY_EMAIL, VERIFY_AND_CHANGE_EMAIL")
    func linksByEmail() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        _ = try await harness.signUp(email: "alice@example.com")
        let bodies: [[String: Any]] = [
            ["email": "alice@example.com", "requestType": "PASSWORD_RESET", "returnOobLink": true],
            ["email": "alice@example.com", "requestType": "VERIFY_EMAIL", "returnOobLink": true],
            [
                "email": "alice@example.com", "newEmail": "bob@example.com", "requestType": "VERIFY_AND_CHANGE_EMAIL",
                "returnOobLink": true,
            ],
        ]

        for body in bodies {
            let reply = try await harness.ownerV1("accounts:sendOobCode", body).requireOK()
            #expect(reply["email"] as? String == "alice@example.com")
            #expect(reply["oobCode"] is String)
            #expect(reply["oobLink"] is String)
        }
        #expect(harness.logs.all.allSatisfy { !$0.contains("oobCode=") }, "links returned are not also logged")
    }

    @Test("returnOobLink by idToken for VERIFY_EMAIL and VERIFY_AND_CHANGE_EMAIL")
    func linksByIdToken() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let idToken = try #require(try await harness.signUp(email: "alice@example.com")["idToken"] as? String)

        let verify = try await harness.ownerV1(
            "accounts:sendOobCode", ["idToken": idToken, "requestType": "VERIFY_EMAIL", "returnOobLink": true]
        ).requireOK()
        let change = try await harness.ownerV1(
            "accounts:sendOobCode",
            [
                "email": "alice@example.com", "newEmail": "bob@example.com", "idToken": idToken,
                "requestType": "VERIFY_AND_CHANGE_EMAIL", "returnOobLink": true,
            ]
        ).requireOK()

        #expect(verify["email"] as? String == "alice@example.com" && verify["oobLink"] is String)
        #expect(change["email"] as? String == "alice@example.com" && change["oobLink"] is String)
    }

    @Test("VERIFY_EMAIL without idToken or email: INVALID_ID_TOKEN by key, MISSING_EMAIL as admin; no code made")
    func verifyWithoutIdentity() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        _ = try await harness.signUp(email: "alice@example.com")

        let byKey = try await harness.v1("accounts:sendOobCode", ["idToken": "hoge", "requestType": "VERIFY_EMAIL"])
        let asAdmin = try await harness.ownerV1(
            "accounts:sendOobCode", ["returnOobLink": true, "requestType": "VERIFY_EMAIL"])

        #expect(byKey.status == 400 && byKey.errorMessage == "INVALID_ID_TOKEN")
        #expect(asAdmin.status == 400 && asAdmin.errorMessage == "MISSING_EMAIL")
        #expect(harness.backend.oobCodes.isEmpty)
    }
}
