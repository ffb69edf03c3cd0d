import Foundation
import Testing

/// Admin SDK calls (`Authorization: Bearer owner`, no API key) and the sign-ins the admin tests check against.
extension BackendHarness {
    static let adminPhone = "+15555550100"
    static let adminPhone2 = "+15555550111"

    /// POSTs to `v1/projects/<project>/<name>` as the Admin SDK does.
    func admin(_ name: String, _ body: [String: Any] = [:]) async throws -> Reply {
        try await post(
            "/identitytoolkit.googleapis.com/v1/projects/\(projectID)/\(name)", json: body, headers: Self.owner)
    }

    /// POSTs to a v1 name (`accounts:update`) with `Bearer owner`.
    func ownerV1(_ name: String, _ body: [String: Any]) async throws -> Reply {
        try await v1(name, body, key: nil, headers: Self.owner)
    }

    /// `accounts:batchGet` with `query` (already encoded).
    func batchGet(_ query: String = "") async throws -> [String: Any] {
        try await get(
            "/identitytoolkit.googleapis.com/v1/projects/\(projectID)/accounts:batchGet" + query, headers: Self.owner
        ).requireOK()
    }

    func anonymousLocalId() async throws -> String {
        let reply = try await v1("accounts:signUp", ["returnSecureToken": true]).requireOK()
        return try #require(reply["localId"] as? String)
    }

    /// The account as the admin lookup shows it.
    func adminLookup(_ localId: String) async throws -> [String: Any] {
        let reply = try await admin("accounts:lookup", ["localId": [localId]]).requireOK()
        return try #require((reply["users"] as? [[String: Any]])?.first)
    }

    /// Signs in by SMS code; returns the reply (localId, idToken).
    func phoneSignIn(_ phoneNumber: String) async throws -> [String: Any] {
        let (sessionInfo, code) = try await sendCode(to: phoneNumber)
        return try await v1("accounts:signInWithPhoneNumber", ["sessionInfo": sessionInfo, "code": code]).requireOK()
    }

    /// Signs in with a fake IdP credential (`id_token` as plain JSON claims).
    func idpSignIn(_ providerId: String, sub: String) async throws -> [String: Any] {
        try await v1(
            "accounts:signInWithIdp",
            ["requestUri": "http://localhost", "postBody": #"providerId=\#(providerId)&id_token={"sub":"\#(sub)"}"#]
        ).requireOK()
    }

    func signInMethods(_ email: String) async throws -> [String] {
        let reply = try await v1(
            "accounts:createAuthUri", ["identifier": email, "continueUri": "http://localhost/"]
        ).requireOK()
        return reply["signinMethods"] as? [String] ?? []
    }
}
