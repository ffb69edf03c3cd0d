import AuthflowIdentityToolkit
import AuthflowListener
import Foundation
import Testing

@Suite("Account endpoints: lookup, update, delete")
struct AccountEndpointTests {
    @Test("lookup sends only idToken (no tenant, as the SDKs) and decodes the account, tolerating odd fields")
    func lookup() async throws {
        let exchange = try await exchange(
            LookupRequest(idToken: "id-token"),
            reply: json(
                #"""
                {"kind":"identitytoolkit#GetAccountInfoResponse","users":[{"localId":"uid-1","email":"a@example.com","emailVerified":true,
                 "displayName":"Ann","photoUrl":"https://p.example/a.png","phoneNumber":"+15555555555","passwordHash":"x",
                 "providerUserInfo":[{"providerId":"apple.com","rawId":"apple-1","federatedId":"apple-1","email":"a@example.com"},
                                     {"providerId":"phone","phoneNumber":"+15555555555","rawId":"+15555555555"}],
                 "mfaInfo":[{"mfaEnrollmentId":"e1","displayName":"my phone","phoneInfo":"+15555555555","enrolledAt":"2022-08-01T18:31:15.426458Z"}],
                 "createdAt":"1700000000000","lastLoginAt":1700000100000,"passwordUpdatedAt":1.7000002E12,"lastRefreshAt":"2023-11-14T22:13:20Z",
                 "validSince":"1700000000","disabled":false,"unknownField":{"nested":[1,2]}},
                 {"localId":"uid-2"}]}
                """#),
            tenantID: "ignored-tenant"
        )

        expectTarget(exchange.request, "POST", "/identitytoolkit.googleapis.com/v1/accounts:lookup?key=test-key")
        expectHeaders(exchange.request, contentType: "application/json")
        #expect(exchange.body == ["idToken": "id-token"])
        let user = try #require(exchange.response.users.first)
        #expect(exchange.response.users.count == 2)
        #expect(user.localId == "uid-1")
        #expect(user.emailVerified == true)
        #expect(user.displayName == "Ann")
        #expect(user.phoneNumber == "+15555555555")
        #expect(user.disabled == false)
        #expect(user.providerUserInfo.map(\.providerId) == ["apple.com", "phone"])
        #expect(user.providerUserInfo[1].phoneNumber == "+15555555555")
        #expect(user.mfaInfo.first?.phoneInfo == "+15555555555")
        #expect(user.createdDate == Date(timeIntervalSince1970: 1_700_000_000))
        #expect(user.lastLoginAt == "1700000100000")
        #expect(user.passwordUpdatedDate == Date(timeIntervalSince1970: 1_700_000_200))
        #expect(user.lastRefreshDate == Date(timeIntervalSince1970: 1_700_000_000))
        #expect(exchange.response.users[1].email == nil)
        #expect(exchange.response.users[1].providerUserInfo.isEmpty)
    }

    @Test("lookup without users decodes to an empty list")
    func lookupEmpty() async throws {
        let exchange = try await exchange(
            LookupRequest(idToken: "t"), reply: json(#"{"kind":"identitytoolkit#GetAccountInfoResponse"}"#))

        #expect(exchange.response.users.isEmpty)
    }

    @Test(
        "update: profile, credential, apply-code and unlink bodies from §7",
        arguments: [
            (
                UpdateAccountRequest(
                    idToken: "t", displayName: "New", photoUrl: "https://p/x.png", returnSecureToken: true),
                ["idToken": "t", "displayName": "New", "photoUrl": "https://p/x.png", "returnSecureToken": true] as JSON
            ),
            (
                UpdateAccountRequest(idToken: "t", email: "n@example.com", password: "pw-new", returnSecureToken: true),
                ["idToken": "t", "email": "n@example.com", "password": "pw-new", "returnSecureToken": true] as JSON
            ),
            (UpdateAccountRequest(oobCode: "code-1"), ["oobCode": "code-1"] as JSON),
            (
                UpdateAccountRequest(idToken: "t", deleteProvider: ["apple.com", "phone"]),
                ["idToken": "t", "deleteProvider": ["apple.com", "phone"]] as JSON
            ),
            (
                UpdateAccountRequest(idToken: "t", deleteAttribute: [.displayName, .photoUrl]),
                ["idToken": "t", "deleteAttribute": ["DISPLAY_NAME", "PHOTO_URL"]] as JSON
            ),
        ] as [(UpdateAccountRequest, JSON)])
    func update(request: UpdateAccountRequest, expected: JSON) async throws {
        let exchange = try await exchange(
            request,
            reply: json(
                #"{"kind":"identitytoolkit#SetAccountInfoResponse","localId":"u","email":"n@example.com","providerUserInfo":[{"providerId":"password"}],"idToken":"i2","refreshToken":"r2","expiresIn":"3600","emailVerified":false}"#
            )
        )

        expectTarget(exchange.request, "POST", "/identitytoolkit.googleapis.com/v1/accounts:update?key=test-key")
        expectHeaders(exchange.request, contentType: "application/json")
        #expect(exchange.body == expected)
        #expect(exchange.response.localId == "u")
        #expect(exchange.response.idToken == "i2")
        #expect(exchange.response.refreshToken == "r2")
        #expect(exchange.response.providerUserInfo.first?.providerId == "password")
        #expect(exchange.response.emailVerified == false)
    }

    @Test("update carries the configured tenant")
    func updateTenant() async throws {
        let exchange = try await exchange(
            UpdateAccountRequest(idToken: "t", displayName: "X"), reply: json("{}"), tenantID: "tt")

        #expect(exchange.body == ["idToken": "t", "displayName": "X", "tenantId": "tt"])
    }

    @Test("delete sends idToken; an empty or {} reply succeeds")
    func delete() async throws {
        let emptyBody = try await exchange(
            DeleteAccountRequest(idToken: "id-token"), reply: LoopbackResponse(status: 200))
        let withKind = try await exchange(
            DeleteAccountRequest(idToken: "id-token"), reply: json(#"{"kind":"identitytoolkit#DeleteAccountResponse"}"#)
        )

        expectTarget(emptyBody.request, "POST", "/identitytoolkit.googleapis.com/v1/accounts:delete?key=test-key")
        expectHeaders(emptyBody.request, contentType: "application/json")
        #expect(emptyBody.body == ["idToken": "id-token"])
        #expect(emptyBody.response.kind == nil)
        #expect(withKind.response.kind == "identitytoolkit#DeleteAccountResponse")
    }
}
