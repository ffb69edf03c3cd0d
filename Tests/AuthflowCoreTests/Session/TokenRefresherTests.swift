import AuthflowCore
import AuthflowIdentityToolkit
import AuthflowTestSupport
import Foundation
import Testing

@Suite struct TokenRefresherTests {
    static let project = SessionProject(projectID: "p")

    @Test func freshTokenIsReturnedAsStored() async throws {
        let fixture = try await SignedInBackend()
        let session = try await TokenRefresher(client: fixture.client, store: fixture.store).freshSession(
            project: Self.project)
        #expect(session.tokens == fixture.session.tokens)
    }

    @Test func expiredTokenIsRefreshedAndSaved() async throws {
        let fixture = try await SignedInBackend()
        try fixture.expireStoredToken()
        let before = Date()
        let session = try await TokenRefresher(client: fixture.client, store: fixture.store).freshSession(
            project: Self.project)
        #expect(session.tokens.expiresAt > before.addingTimeInterval(3000), "the backend's 3600 s lifetime")
        let claims = try #require(IDTokenClaims(jwt: session.tokens.idToken))
        #expect(claims.userID == fixture.session.uid)
        #expect(claims.email == fixture.email)
        #expect(try fixture.store.load() == session, "the refreshed tokens were saved")
    }

    @Test func tokenExpiringWithinTheMarginIsRefreshed() async throws {
        let fixture = try await SignedInBackend()
        var soon = fixture.session
        soon.tokens.expiresAt = Date().addingTimeInterval(TokenRefresher.refreshMargin - 10)
        try fixture.store.save(soon)
        let session = try await TokenRefresher(client: fixture.client, store: fixture.store).freshSession(
            project: Self.project)
        #expect(session.tokens.expiresAt > soon.tokens.expiresAt.addingTimeInterval(600))
    }

    @Test func forcedRefreshHappensEvenWhenValid() async throws {
        let fixture = try await SignedInBackend()
        var distant = fixture.session
        distant.tokens.expiresAt = Date().addingTimeInterval(50 * 60)
        try fixture.store.save(distant)
        let session = try await TokenRefresher(client: fixture.client, store: fixture.store)
            .freshSession(force: true, project: Self.project)
        #expect(session.tokens.expiresAt > distant.tokens.expiresAt)
    }

    @Test func deletedUserIsRejectedAndTheSessionKept() async throws {
        let fixture = try await SignedInBackend()
        _ = try await fixture.client.send(DeleteAccountRequest(idToken: fixture.session.tokens.idToken))
        try fixture.expireStoredToken()
        do {
            _ = try await TokenRefresher(client: fixture.client, store: fixture.store).freshSession(
                project: Self.project)
            Issue.record("expected a rejection")
        } catch {
            guard case .rejected(let server) = error else {
                Issue.record("expected .rejected, got \(error)")
                return
            }
            #expect(server.code?.invalidatesSession == true, "\(server.rawMessage)")
            #expect(!error.description.contains(fixture.session.tokens.refreshToken))
        }
        #expect(try fixture.store.load() != nil, "nothing is deleted on a refusal")
    }

    @Test func unreachableBackendLeavesTheSessionUnchanged() async throws {
        let fixture = try await SignedInBackend()
        try fixture.expireStoredToken()
        let stored = try fixture.store.load()
        fixture.backend.stop()
        do {
            _ = try await TokenRefresher(client: fixture.client, store: fixture.store).freshSession(
                project: Self.project)
            Issue.record("expected a network failure")
        } catch {
            guard case .service(.network) = error else {
                Issue.record("expected .service(.network), got \(error)")
                return
            }
        }
        #expect(try fixture.store.load() == stored)
    }

    @Test func notSignedIn() async throws {
        let fixture = try await SignedInBackend()
        try fixture.store.remove()
        await #expect(throws: SessionError.self) {
            try await TokenRefresher(client: fixture.client, store: fixture.store).freshSession(
                project: SessionProject(projectID: "demo"))
        }
    }

    /// Many refreshes at once (as from parallel `authflow token` calls) all get a valid token and leave one
    /// consistent file.
    @Test func concurrentRefreshesAgree() async throws {
        let fixture = try await SignedInBackend()
        try fixture.expireStoredToken()
        let refresher = TokenRefresher(client: fixture.client, store: fixture.store)
        let sessions = try await withThrowingTaskGroup(of: UserSession.self) { group in
            for _ in 0..<8 { group.addTask { try await refresher.freshSession(project: Self.project) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(sessions.count == 8)
        #expect(sessions.allSatisfy { $0.tokens.expiresAt > Date().addingTimeInterval(3000) })
        let stored = try #require(try fixture.store.load())
        #expect(sessions.contains { $0.tokens == stored.tokens })
    }
}

@Suite struct SessionBuilderTests {
    @Test func sessionFromPasswordSignUp() async throws {
        let fixture = try await SignedInBackend(email: "grace@example.com")
        let session = fixture.session
        #expect(!session.uid.isEmpty)
        #expect(session.email == "grace@example.com")
        #expect(session.providerIDs == ["password"])
        #expect(session.signInProvider == "password")
        #expect(session.project.emulatorHost == fixture.backend.hostAndPort)
        #expect(session.tokens.expiresAt > Date().addingTimeInterval(3000))
        #expect(!"\(session)".contains(session.tokens.idToken))
        #expect(!"\(session.tokens)".contains(session.tokens.refreshToken))
    }

    @Test func lookupUpdatesTheProfile() async throws {
        let fixture = try await SignedInBackend()
        _ = try await fixture.client.send(
            UpdateAccountRequest(idToken: fixture.session.tokens.idToken, displayName: "Ada L."))
        #expect(fixture.backend.markEmailVerified(localID: fixture.session.uid))
        let updated = try await AccountService(fixture.flowEnvironment).refreshProfile()
        #expect(updated.displayName == "Ada L.")
        #expect(updated.emailVerified == true)
        #expect(try fixture.store.load()?.displayName == "Ada L.")
    }

    @Test func claimsOfAnUnsignedToken() throws {
        let header = Data(#"{"alg":"none","typ":"JWT"}"#.utf8).base64EncodedString()
        let payload = Data(
            #"{"user_id":"u1","email":"a@b.c","email_verified":true,"exp":2000000000,"firebase":{"sign_in_provider":"phone","identities":{"phone":["+15555550100"]},"sign_in_second_factor":"phone","second_factor_identifier":"f1"}}"#
                .utf8
        )
        .base64EncodedString().replacingOccurrences(of: "=", with: "").replacingOccurrences(of: "+", with: "-")
        let claims = try #require(IDTokenClaims(jwt: "\(header).\(payload)."))
        #expect(claims.userID == "u1")
        #expect(claims.emailVerified == true)
        #expect(claims.identities == ["phone"])
        #expect(claims.secondFactorID == "f1")
        #expect(claims.expiresAt == Date(timeIntervalSince1970: 2_000_000_000))
        #expect(IDTokenClaims(jwt: "not.a.jwt") == nil)
        #expect(IDTokenClaims(jwt: "onlyonepart") == nil)
    }
}
