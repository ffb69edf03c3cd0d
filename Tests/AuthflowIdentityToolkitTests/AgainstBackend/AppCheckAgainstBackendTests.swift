import AuthflowBackend
import AuthflowIdentityToolkit
import Foundation
import Synchronization
import Testing

/// A provider handing out one fixed token and noting what it was told to discard.
private final class FixedAppCheck: AppCheckTokenProvider {
    let token: String
    let source = AppCheckSource.tokenCommand
    let discarded = Mutex<[String]>([])

    init(_ token: String) { self.token = token }

    func appCheckToken() async throws(AppCheckFailure) -> String { token }
    func discard(_ token: String) async { discarded.withLock { $0.append(token) } }
    func expiry() async -> Date? { nil }
}

@Suite("Against the embedded backend: App Check exchanges, the X-Firebase-AppCheck header, enforcement")
struct AppCheckAgainstBackendTests {
    let app = AppCheckResource(projectID: "demo-authflow", appID: "1:123:web:abc")

    @Test(
        "a registered debug token is exchanged at the configured App Check URL (the backend's stand-in) for a token with a ttl"
    )
    func debugExchange() async throws {
        let live = try LiveBackend()
        defer { live.stop() }
        live.backend.registerAppCheckDebugToken("debug-3f1c-registered")

        let reply = try await live.send(ExchangeDebugTokenRequest(app: app, debugToken: "debug-3f1c-registered"))

        #expect(reply.timeToLive == .seconds(3600))
        #expect(!reply.token.isEmpty)
        let exchange = try #require(live.backend.appCheckExchanges.first)
        #expect(exchange.method == "exchangeDebugToken")
        #expect(exchange.projectID == "demo-authflow")
        #expect(exchange.appID == "1:123:web:abc")
        #expect(exchange.accepted)
        #expect(live.exchanges.all.map(\.endpoint) == [.exchangeDebugToken])
    }

    @Test(
        "the Auth Emulator has no App Check: the old <emulator>/content-firebaseappcheck.googleapis.com layout answers 404, the stand-in only its own base"
    )
    func noEmulatorLayout() async throws {
        let live = try LiveBackend()
        defer { live.stop() }
        live.backend.registerAppCheckDebugToken("debug-3f1c-registered")
        var old = live.client.configuration
        old.appCheckEndpoint = AppCheckEndpoint(
            parsing: live.backend.baseURL + "/content-firebaseappcheck.googleapis.com")
        let client = IdentityToolkitClient(configuration: old, http: live.client.http)

        let error = await #expect(throws: IdentityToolkitError.self) {
            _ = try await client.send(ExchangeDebugTokenRequest(app: app, debugToken: "debug-3f1c-registered"))
        }

        #expect(error?.serverError?.httpStatus == 404)
        #expect(live.backend.appCheckExchanges.isEmpty)
        #expect(live.backend.appCheckURL == live.backend.baseURL + "/app-check")
    }

    @Test("an unregistered debug token is refused with App Check's 403")
    func unregisteredDebugToken() async throws {
        let live = try LiveBackend()
        defer { live.stop() }

        let error = await #expect(throws: IdentityToolkitError.self) {
            _ = try await live.send(ExchangeDebugTokenRequest(app: app, debugToken: "debug-never-registered"))
        }
        #expect(error?.serverError?.httpStatus == 403)
        #expect(error?.description.contains("debug-never-registered") == false)
    }

    @Test("enforcement refuses calls without a token as production does, 401 Firebase App Check token is invalid.")
    func enforcementWithoutToken() async throws {
        let live = try LiveBackend()
        defer { live.stop() }
        live.backend.setAppCheckEnforced(true)

        let error = await #expect(throws: IdentityToolkitError.self) {
            _ = try await live.send(SignUpRequest(email: "ada@example.com", password: "secret-password"))
        }
        let server = try #require(error?.serverError)
        #expect(server.httpStatus == 401)
        #expect(server.code == .appCheckTokenInvalid)
        #expect(server.rawMessage == "Firebase App Check token is invalid.")
        #expect(server.status == "UNAUTHENTICATED")
        #expect(live.backend.accounts.isEmpty)
    }

    @Test("with a provider, every Identity Toolkit and secure-token call carries X-Firebase-AppCheck and passes")
    func headerOnEveryCall() async throws {
        let live = try LiveBackend()
        defer { live.stop() }
        live.backend.setAppCheckEnforced(true)
        let token = live.backend.mintAppCheckToken().token
        let client = live.client.withAppCheck(FixedAppCheck(token))

        let signedUp = try await client.send(SignUpRequest(email: "ada@example.com", password: "secret-password"))
        guard case .signedIn(let tokens) = signedUp.outcome else {
            Issue.record("sign-up did not sign in")
            return
        }
        _ = try await client.send(SecureTokenRequest(refreshToken: tokens.refreshToken))
        _ = try await client.send(LookupRequest(idToken: tokens.idToken))

        let presented = live.backend.appCheckPresentations
        #expect(presented.map(\.endpoint) == ["accounts:signUp", "token", "accounts:lookup"])
        #expect(presented.allSatisfy { $0.token == token && $0.valid })
    }

    @Test("a refused token becomes an App Check failure, and the provider is told to discard it")
    func refusedToken() async throws {
        let live = try LiveBackend()
        defer { live.stop() }
        live.backend.setAppCheckEnforced(true)
        let provider = FixedAppCheck("made-up-app-check-token-123")
        let client = live.client.withAppCheck(provider)

        let error = await #expect(throws: IdentityToolkitError.self) {
            _ = try await client.send(SignUpRequest(email: "ada@example.com", password: "secret-password"))
        }
        guard case .appCheck(let failure) = error, case .rejected(let server) = failure.problem else {
            Issue.record("expected an App Check rejection, got \(String(describing: error))")
            return
        }
        #expect(server.httpStatus == 401)
        #expect(provider.discarded.withLock { $0 } == ["made-up-app-check-token-123"])
        #expect(error?.description.contains("made-up-app-check-token-123") == false)
    }

    @Test("App Check's own exchanges never carry the header, even from a client that has a provider")
    func exchangeCarriesNoHeader() async throws {
        let live = try LiveBackend()
        defer { live.stop() }
        live.backend.registerAppCheckDebugToken("debug-registered-42")
        let client = live.client.withAppCheck(FixedAppCheck("should-not-be-sent"))

        _ = try await client.send(ExchangeDebugTokenRequest(app: app, debugToken: "debug-registered-42"))

        #expect(live.backend.appCheckPresentations.isEmpty)
        #expect(live.backend.appCheckExchanges.map(\.accepted) == [true])
    }
}
