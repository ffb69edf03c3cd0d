import AuthflowBackend
import AuthflowHTTP
import AuthflowPrimitives
import Foundation
import Testing

/// The emulator's `tenant.spec.ts` ("tenant management"): v2 `projects/<id>/tenants` over HTTP, as the Admin SDK
/// calls it (`Authorization: Bearer owner`).
@Suite("Tenant management")
struct TenantManagementTests {
    static let path = "/identitytoolkit.googleapis.com/v2/projects/project-id/tenants"
    static var fullBody: [String: Any] {
        [
            "allowPasswordSignup": true, "disableAuth": false, "displayName": "display", "enableAnonymousUser": true,
            "enableEmailLinkSignin": true,
            "mfaConfig": ["enabledProviders": ["PROVIDER_UNSPECIFIED", "PHONE_SMS"], "state": "ENABLED"],
        ]
    }

    // MARK: createTenant

    @Test("create: the body's settings, a non-empty tenantId and the matching resource name")
    func create() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }

        let tenant = try await harness.post(Self.path, json: Self.fullBody, headers: BackendHarness.owner).requireOK()

        try Self.expectFullBody(tenant)
        let tenantID = try #require(tenant["tenantId"] as? String)
        #expect(!tenantID.isEmpty)
        #expect(tenant["name"] as? String == "projects/project-id/tenants/\(tenantID)")
    }

    @Test("create: an empty body gives production defaults (switches off, MFA DISABLED with no providers)")
    func createDefaults() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }

        let tenant = try await harness.post(Self.path, json: [:], headers: BackendHarness.owner).requireOK()

        try Self.expectProductionDefaults(tenant)
    }

    // MARK: getTenants

    @Test("get: answers the tenant exactly as created")
    func get() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let created = try await harness.post(Self.path, json: [:], headers: BackendHarness.owner).requireOK()
        let tenantID = try #require(created["tenantId"] as? String)

        let fetched = try await harness.get("\(Self.path)/\(tenantID)", headers: BackendHarness.owner).requireOK()

        #expect(NSDictionary(dictionary: fetched) == NSDictionary(dictionary: created))
    }

    @Test("get: a tenant never created is created with everything enabled, and then listed")
    func getCreatesImplicitly() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }

        let before = try await harness.get(Self.path, headers: BackendHarness.owner).requireOK()
        let fetched = try await harness.get("\(Self.path)/tenant-id", headers: BackendHarness.owner).requireOK()
        let after = try await harness.get(Self.path, headers: BackendHarness.owner).requireOK()

        #expect((before["tenants"] as? [Any])?.isEmpty == true)
        let expected: [String: Any] = [
            "tenantId": "tenant-id", "name": "projects/project-id/tenants/tenant-id", "allowPasswordSignup": true,
            "disableAuth": false, "enableAnonymousUser": true, "enableEmailLinkSignin": true,
            "mfaConfig": ["enabledProviders": ["PHONE_SMS"], "state": "ENABLED"],
        ]
        #expect(NSDictionary(dictionary: fetched) == NSDictionary(dictionary: expected))
        let listed = try #require(after["tenants"] as? [[String: Any]])
        #expect(listed.map { $0["tenantId"] as? String } == ["tenant-id"])
    }

    // MARK: deleteTenants

    @Test("delete: answers {} and the tenant is gone from the list", arguments: [false, true])
    func delete(withBody: Bool) async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let created = try await harness.post(Self.path, json: [:], headers: BackendHarness.owner).requireOK()
        let tenantID = try #require(created["tenantId"] as? String)

        // The Node Admin SDK sends `{}` with a JSON content type even on DELETE; that must be tolerated.
        let deleted = try await harness.send(
            .delete, "\(Self.path)/\(tenantID)", body: withBody ? Array("{}".utf8) : nil,
            headers: BackendHarness.owner
                + (withBody ? [HTTPHeader(name: "Content-Type", value: "application/json")] : [])
        ).requireOK()
        let listed = try await harness.get(Self.path, headers: BackendHarness.owner).requireOK()

        #expect(deleted.isEmpty)
        #expect((listed["tenants"] as? [Any])?.isEmpty == true)
    }

    // MARK: listTenants

    @Test("list: every tenant, no nextPageToken when the page is not full")
    func list() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let ids = try await Self.createTwo(harness)

        let listed = try await harness.get(Self.path, headers: BackendHarness.owner).requireOK()

        let tenants = try #require(listed["tenants"] as? [[String: Any]])
        #expect(Set(tenants.compactMap { $0["tenantId"] as? String }) == Set(ids))
        #expect(listed["nextPageToken"] == nil)
    }

    @Test("list: pageSize and pageToken page through the tenants in ascending ID order")
    func listPages() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let ids = try await Self.createTwo(harness).sorted()

        let first = try await harness.get(Self.path + "?pageSize=1", headers: BackendHarness.owner).requireOK()
        let token = try #require(first["nextPageToken"] as? String)
        let second = try await harness.get(Self.path + "?pageToken=\(token)", headers: BackendHarness.owner).requireOK()

        #expect((first["tenants"] as? [[String: Any]])?.map { $0["tenantId"] as? String } == [ids[0]])
        #expect((second["tenants"] as? [[String: Any]])?.map { $0["tenantId"] as? String } == [ids[1]])
        #expect(second["nextPageToken"] == nil)
    }

    @Test("list: a full page always carries a page token, even when nothing follows")
    func listFullPage() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let ids = try await Self.createTwo(harness).sorted()

        let first = try await harness.get(Self.path + "?pageSize=2", headers: BackendHarness.owner).requireOK()
        let token = try #require(first["nextPageToken"] as? String)
        let second = try await harness.get(Self.path + "?pageToken=\(token)", headers: BackendHarness.owner).requireOK()

        #expect((first["tenants"] as? [[String: Any]])?.map { $0["tenantId"] as? String } == ids.map(Optional.some))
        #expect(((second["tenants"] as? [Any]) ?? []).isEmpty)
        #expect(second["nextPageToken"] == nil)
    }

    // MARK: updateTenants

    @Test("patch: the masked fields take the body's values")
    func patchMasked() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let tenantID = try await Self.createTenant(harness, [:])
        let mask = "allowPasswordSignup,disableAuth,displayName,enableAnonymousUser,enableEmailLinkSignin,mfaConfig"

        let updated = try await Self.patch(harness, tenantID, query: "?updateMask=\(mask)", Self.fullBody)

        try Self.expectFullBody(updated)
    }

    @Test("patch: a masked field missing from the body is left as it was")
    func patchMissingField() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let tenantID = try await Self.createTenant(harness, [:])

        let updated = try await Self.patch(harness, tenantID, query: "?updateMask=displayName", [:])

        #expect(updated["displayName"] == nil)
    }

    @Test("patch: a mask indexing into a primitive or an array changes nothing")
    func patchIntoPrimitive() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let tenantID = try await Self.createTenant(
            harness,
            ["displayName": "display", "mfaConfig": ["enabledProviders": ["PROVIDER_UNSPECIFIED", "PHONE_SMS"]]]
        )

        let updated = try await Self.patch(
            harness, tenantID, query: "?updateMask=displayName.0,mfaConfig.enabledProviders.nonexistentField",
            ["displayName": "unused", "mfaConfig": ["enabledProviders": ["PROVIDER_UNSPECIFIED"]]]
        )

        #expect(updated["displayName"] as? String == "display")
        #expect(
            (updated["mfaConfig"] as? [String: Any])?["enabledProviders"] as? [String] == [
                "PROVIDER_UNSPECIFIED", "PHONE_SMS",
            ])
    }

    @Test("patch: without a mask the body replaces the whole configuration")
    func patchFull() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let tenantID = try await Self.createTenant(harness, [:])

        let updated = try await Self.patch(harness, tenantID, query: "", Self.fullBody)

        try Self.expectFullBody(updated)
        #expect(updated["tenantId"] as? String == tenantID)
    }

    @Test("patch: without a mask, fields left out take production defaults")
    func patchFullDefaults() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let tenantID = try await Self.createTenant(harness, Self.fullBody)

        let updated = try await Self.patch(harness, tenantID, query: "", [:])

        try Self.expectProductionDefaults(updated)
        #expect(updated["displayName"] == nil)
    }

    // MARK: Access

    @Test(
        "Tenant management is admin only, as in the emulator: an API key alone is 400 INSUFFICIENT_PERMISSION, nothing at all 403"
    )
    func adminOnly() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }

        let keyed = try await harness.post(Self.path + "?key=fake-api-key", json: [:])
        let bare = try await harness.post(Self.path, json: [:])

        #expect(keyed.status == 400)
        #expect(
            keyed.errorMessage == "INSUFFICIENT_PERMISSION : Only authenticated requests can specify target_project_id."
        )
        #expect(bare.status == 403)
        #expect(bare.errorObject?["status"] as? String == "PERMISSION_DENIED")
        let listed = try await harness.get(Self.path, headers: BackendHarness.owner).requireOK()
        #expect((listed["tenants"] as? [Any] ?? []).isEmpty, "a refused create made a tenant")
    }

    @Test("Single-project mode error refuses another project's tenants with 400")
    func otherProjectRefused() async throws {
        let harness = try BackendHarness(singleProjectMode: .error)
        defer { harness.backend.stop() }

        let other = try await harness.get(Self.path, headers: BackendHarness.owner)
        let own = try await harness.get(
            "/identitytoolkit.googleapis.com/v2/projects/\(harness.projectID)/tenants", headers: BackendHarness.owner)

        #expect(other.status == 400)
        #expect(other.errorMessage?.contains("single project mode") == true)
        #expect(own.status == 200)
    }

    // MARK: Helpers

    static func createTenant(_ harness: BackendHarness, _ body: [String: Any]) async throws -> String {
        let created = try await harness.post(path, json: body, headers: BackendHarness.owner).requireOK()
        return try #require(created["tenantId"] as? String)
    }

    static func createTwo(_ harness: BackendHarness) async throws -> [String] {
        [try await createTenant(harness, [:]), try await createTenant(harness, [:])]
    }

    static func patch(
        _ harness: BackendHarness, _ tenantID: String, query: String, _ body: [String: Any]
    ) async throws -> [String: Any] {
        let data = try JSONSerialization.data(withJSONObject: body)
        return try await harness.send(
            HTTPMethod(rawValue: "PATCH"), "\(path)/\(tenantID)\(query)", body: Array(data),
            headers: BackendHarness.owner + [HTTPHeader(name: "Content-Type", value: "application/json")]
        ).requireOK()
    }

    static func expectFullBody(_ tenant: [String: Any]) throws {
        #expect(tenant["allowPasswordSignup"] as? Bool == true)
        #expect(tenant["disableAuth"] as? Bool == false)
        #expect(tenant["displayName"] as? String == "display")
        #expect(tenant["enableAnonymousUser"] as? Bool == true)
        #expect(tenant["enableEmailLinkSignin"] as? Bool == true)
        let mfa = try #require(tenant["mfaConfig"] as? [String: Any])
        #expect(
            NSDictionary(dictionary: mfa)
                == NSDictionary(dictionary: [
                    "enabledProviders": ["PROVIDER_UNSPECIFIED", "PHONE_SMS"], "state": "ENABLED",
                ]))
    }

    static func expectProductionDefaults(_ tenant: [String: Any]) throws {
        #expect(tenant["allowPasswordSignup"] as? Bool == false)
        #expect(tenant["disableAuth"] as? Bool == false)
        #expect(tenant["enableAnonymousUser"] as? Bool == false)
        #expect(tenant["enableEmailLinkSignin"] as? Bool == false)
        let mfa = try #require(tenant["mfaConfig"] as? [String: Any])
        #expect(
            NSDictionary(dictionary: mfa)
                == NSDictionary(dictionary: ["enabledProviders": [String](), "state": "DISABLED"]))
    }
}
