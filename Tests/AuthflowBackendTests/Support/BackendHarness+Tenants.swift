import AuthflowBackend
import Foundation
import Testing

/// Tenant helpers, as the emulator's own tests register tenants (`registerTenant`) and read codes back.
extension BackendHarness {
    /// Creates a tenant through tenant management with `settings` (production defaults for the rest) and
    /// returns its ID.
    func registerTenant(_ settings: [String: Any] = [:]) async throws -> String {
        let created = try await post(
            "/identitytoolkit.googleapis.com/v2/projects/\(projectID)/tenants", json: settings,
            headers: BackendHarness.owner
        ).requireOK()
        return try #require(created["tenantId"] as? String)
    }

    /// Signs up an email/password account in `tenantID`; returns the reply object.
    func signUp(email: String, password: String = "secret-password", tenantID: String) async throws -> [String: Any] {
        try await v1(
            "accounts:signUp",
            ["email": email, "password": password, "returnSecureToken": true, "tenantId": tenantID]
        ).requireOK()
    }

    /// `accounts:lookup` of `localId` as an admin in `tenantID`; returns the one user.
    func lookup(localId: String, tenantID: String?) async throws -> [String: Any] {
        var body: [String: Any] = ["localId": [localId]]
        body["tenantId"] = tenantID
        let reply = try await v1("accounts:lookup", body, headers: BackendHarness.owner).requireOK()
        let users = try #require(reply["users"] as? [[String: Any]])
        return try #require(users.first)
    }

    /// The tenant's codes from the emulator API (`…/tenants/<id>/oobCodes`).
    func oobCodes(tenantID: String) async throws -> [[String: Any]] {
        let listed = try await get("/emulator/v1/projects/\(projectID)/tenants/\(tenantID)/oobCodes").requireOK()
        return try #require(listed["oobCodes"] as? [[String: Any]])
    }

    /// Signs up in `tenantID`, verifies the email through the tenant's link, enrols `phoneNumber` as an SMS
    /// second factor; returns the account's ID.
    func tenantAccountWithSecondFactor(
        email: String, password: String = "secret-password", phoneNumber: String, tenantID: String
    ) async throws -> String {
        let signedUp = try await signUp(email: email, password: password, tenantID: tenantID)
        let idToken = try #require(signedUp["idToken"] as? String)
        _ = try await v1(
            "accounts:sendOobCode", ["requestType": "VERIFY_EMAIL", "idToken": idToken, "tenantId": tenantID]
        ).requireOK()
        let link = try #require(try await oobCodes(tenantID: tenantID).last?["oobLink"] as? String)
        let opened = try await get(String(link.dropFirst(backend.baseURL.count)))
        #expect(opened.status == 200, "verifyEmail link answered \(opened.status): \(opened.text)")
        let signedIn = try await v1(
            "accounts:signInWithPassword",
            ["email": email, "password": password, "returnSecureToken": true, "tenantId": tenantID]
        ).requireOK()
        let verifiedToken = try #require(signedIn["idToken"] as? String)
        let started = try await v2(
            "accounts/mfaEnrollment:start",
            ["idToken": verifiedToken, "phoneEnrollmentInfo": ["phoneNumber": phoneNumber], "tenantId": tenantID]
        ).requireOK()
        let sessionInfo = try #require((started["phoneSessionInfo"] as? [String: Any])?["sessionInfo"] as? String)
        let codes = try await get("/emulator/v1/projects/\(projectID)/tenants/\(tenantID)/verificationCodes")
            .requireOK()
        let entry = try #require(
            (codes["verificationCodes"] as? [[String: Any]])?.first { $0["sessionInfo"] as? String == sessionInfo })
        _ = try await v2(
            "accounts/mfaEnrollment:finalize",
            [
                "idToken": verifiedToken, "tenantId": tenantID,
                "phoneVerificationInfo": ["sessionInfo": sessionInfo, "code": try #require(entry["code"] as? String)],
            ]
        ).requireOK()
        return try #require(signedUp["localId"] as? String)
    }
}
