import AuthflowBackend
import AuthflowPrimitives
import Foundation
import Testing

/// The embedded backend is as strict as production where the official emulator is lax: a `signInWithIdp` that
/// completes a hosted-handler redirect must send the raw `sessionId` whose SHA-256 the handler was opened with.
@Suite("signInWithIdp holds the raw sessionId to the handler's hash")
struct HandlerSessionTests {
    /// `ABCDEFGHIJ` hashes to this (protocol.md's vector).
    static let raw = "ABCDEFGHIJ"
    static let hash = "261305762671a58cae5b74990bcfc236c2336fb04a0fbac626166d9491d2884c"

    /// Opens the widget with `hash` as the session and chooses a GitHub account; returns the OAuth response URL
    /// (the custom-scheme answer's `link`).
    static func redirectLink(
        _ harness: BackendHarness, eventID: String, sessionHash: String = hash
    ) async throws -> String {
        let query =
            "apiKey=fake-api-key&authType=signInWithRedirect&ibi=com.example.app&sessionId=\(sessionHash)"
            + "&v=12.0&eventId=\(eventID)&providerId=github.com&clientId=123-abc.apps.googleusercontent.com"
        let page = try await harness.get("/emulator/auth/handler?\(query)")
        var form = IdpWidgetTests.hiddenFields(page.text)
        #expect(form.contains { $0.0 == "sessionId" && $0.1 == sessionHash }, "the page's form carries the session")
        form.append(("id_token", #"{"sub":"gh-31","email":"octo@example.com","email_verified":true}"#))
        let chosen = try await harness.post("/emulator/auth/handler/select", form: form)
        let location = try #require(chosen.header("Location"))
        let inner = try #require(QueryParameters(url: location).value("deep_link_id"))
        return try #require(QueryParameters(url: inner).value("link"))
    }

    @Test(
        "The raw sessionId signs in; the hashed value, another value or none is refused with MISSING_OR_INVALID_NONCE")
    func pairing() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }
        let link = try await Self.redirectLink(harness, eventID: "EVTSESSION")

        let hashed = try await harness.v1(
            "accounts:signInWithIdp",
            [
                "requestUri": link, "postBody": "providerId=github.com", "sessionId": Self.hash,
                "returnSecureToken": true,
            ])
        let other = try await harness.v1(
            "accounts:signInWithIdp",
            [
                "requestUri": link, "postBody": "providerId=github.com", "sessionId": "ABCDEFGHIK",
                "returnSecureToken": true,
            ])
        let none = try await harness.v1(
            "accounts:signInWithIdp",
            [
                "requestUri": link, "postBody": "providerId=github.com", "returnSecureToken": true,
            ])
        #expect(harness.backend.accounts.isEmpty, "nothing was created by the refused requests")
        let good = try await harness.v1(
            "accounts:signInWithIdp",
            [
                "requestUri": link, "postBody": "providerId=github.com", "sessionId": Self.raw,
                "returnSecureToken": true,
            ])

        for refused in [hashed, other, none] {
            #expect(refused.status == 400)
            #expect(
                refused.errorMessage?.hasPrefix("MISSING_OR_INVALID_NONCE") == true, "\(refused.errorMessage ?? "")")
        }
        let signedIn = try good.requireOK()
        #expect(signedIn["email"] as? String == "octo@example.com")
        #expect(signedIn["idToken"] is String)
    }

    @Test("Credentials that did not come through a hosted-handler attempt stay as lax as the emulator's")
    func laxElsewhere() async throws {
        let harness = try BackendHarness()
        defer { harness.backend.stop() }

        let direct = try await harness.v1(
            "accounts:signInWithIdp",
            [
                "requestUri": "http://localhost", "returnSecureToken": true,
                "postBody":
                    #"providerId=github.com&id_token={"sub":"gh-32","email":"d@example.com","email_verified":true}"#,
            ])

        #expect(direct.status == 200)
    }
}
