import AuthflowBackend
import AuthflowCore
import AuthflowIdentityToolkit
import AuthflowStorage
import AuthflowTestSupport
import Foundation
import Synchronization
import Testing

/// A clock tests move by hand.
private final class Hands: Sendable {
    private let now = Mutex(Date(timeIntervalSince1970: 1_900_000_000))
    var clock: @Sendable () -> Date { { [self] in now.withLock { $0 } } }
    func advance(_ seconds: TimeInterval) { now.withLock { $0 = $0.addingTimeInterval(seconds) } }
}

@Suite("App Check token supply: sources, cache, expiry, precedence")
struct AppCheckTokenSupplyTests {
    let appID = "1:123:web:abc"

    private func setUp() throws -> (EmbeddedBackend, IdentityToolkitClient, AppCheckTokenCache, TemporaryDirectory) {
        let backend = try EmbeddedBackend()
        var configuration = IdentityToolkitConfiguration(
            apiKey: "fake-api-key", server: .emulator(hostAndPort: backend.hostAndPort), authflowVersion: "test",
            retry: .none)
        configuration.appCheckEndpoint = AppCheckEndpoint(parsing: backend.appCheckURL)
        let client = IdentityToolkitClient(configuration: configuration)
        let temporary = try TemporaryDirectory()
        let directory = ProjectStateDirectory(
            root: StateDirectory(path: temporary.file("state")), projectID: "demo-authflow",
            emulatorHost: backend.hostAndPort)
        return (backend, client, AppCheckTokenCache(directory: directory), temporary)
    }

    private func mode(_ path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    @Test(
        "a debug token is exchanged once; the next run reuses the cached token from a 0600 file until shortly before expiry"
    )
    func debugTokenCachedUntilExpiry() async throws {
        let (backend, client, cache, temporary) = try setUp()
        defer { backend.stop() }
        _ = temporary
        backend.registerAppCheckDebugToken("registered-debug-token")
        backend.setAppCheckEnforced(true)
        let hands = Hands()
        func supply() -> AppCheckTokenSupply {
            AppCheckTokenSupply(
                setting: .debugToken("registered-debug-token"), projectID: "demo-authflow", appID: appID,
                exchanger: client, cache: cache, clock: hands.clock)
        }

        let first = try await supply().appCheckToken()
        let secondRun = try await supply().appCheckToken()
        #expect(first == secondRun)
        #expect(backend.appCheckExchanges.count == 1)
        let file = cache.file(source: .debugToken, appID: appID)
        #expect(try mode(file.path) == 0o600)
        #expect(try file.load()?.token == first)

        // 3600 s tokens: at 54 minutes one is still good, at 56 (inside the 5-minute margin) it is replaced.
        hands.advance(54 * 60)
        #expect(try await supply().appCheckToken() == first)
        hands.advance(2 * 60)
        let renewed = try await supply().appCheckToken()
        #expect(renewed != first)
        #expect(backend.appCheckExchanges.count == 2)
    }

    @Test(
        "the supplied token passes enforcement; after an unregistered debug token the SDKs' placeholder is sent, and an enforcing project's refusal of it is a placeholder refusal"
    )
    func enforcementAndRefusal() async throws {
        let (backend, client, cache, temporary) = try setUp()
        defer { backend.stop() }
        _ = temporary
        backend.registerAppCheckDebugToken("good-debug-token")
        backend.setAppCheckEnforced(true)
        let good = AppCheckTokenSupply(
            setting: .debugToken("good-debug-token"), projectID: "demo-authflow", appID: appID, exchanger: client,
            cache: cache)
        _ = try await client.withAppCheck(good).send(SignUpRequest(email: "ada@example.com", password: "secret-pw"))
        #expect(backend.accounts.count == 1)

        let warned = Mutex<[AppCheckFailure]>([])
        let bad = AppCheckTokenSupply(
            setting: .debugToken("unknown-debug-token"), projectID: "demo-authflow", appID: appID, exchanger: client,
            cache: cache, onPlaceholder: { failure in warned.withLock { $0.append(failure) } })
        let error = await #expect(throws: IdentityToolkitError.self) {
            _ = try await client.withAppCheck(bad).send(SignUpRequest(email: "bob@example.com", password: "secret-pw"))
        }
        guard case .appCheck(let failure) = error, case .placeholderRefused(let server) = failure.problem else {
            Issue.record("expected the placeholder's refusal, got \(String(describing: error))")
            return
        }
        #expect(server.httpStatus == 401)
        let warnings = warned.withLock { $0 }
        #expect(warnings.count == 1)
        if case .exchangeFailed(let exchange) = warnings.first?.problem {
            #expect(exchange.serverError?.httpStatus == 403)
        } else {
            Issue.record("expected the exchange's refusal to be reported, got \(warnings)")
        }
        #expect(backend.appCheckPresentations.last?.token == AppCheckPlaceholder.token)
        #expect(backend.accounts.count == 1)
    }

    @Test(
        "a failed exchange on a project that does not enforce App Check: every request carries the SDKs' placeholder and passes; one exchange, one warning"
    )
    func placeholderOnFailure() async throws {
        let (backend, client, cache, temporary) = try setUp()
        defer { backend.stop() }
        _ = temporary
        let warned = Mutex(0)
        let supply = AppCheckTokenSupply(
            setting: .debugToken("stale-unregistered-debug-token"), projectID: "demo-authflow", appID: appID,
            exchanger: client, cache: cache, onPlaceholder: { _ in warned.withLock { $0 += 1 } })
        let checked = client.withAppCheck(supply)

        let signedUp = try await checked.send(SignUpRequest(email: "ada@example.com", password: "secret-pw"))
        guard case .signedIn(let tokens) = signedUp.outcome else {
            Issue.record("sign-up did not sign in")
            return
        }
        _ = try await checked.send(LookupRequest(idToken: tokens.idToken))
        let fragment = try await checked.appCheckToken()

        #expect(AppCheckPlaceholder.token == "eyJlcnJvciI6IlVOS05PV05fRVJST1IifQ==")
        #expect(backend.appCheckPresentations.map(\.token) == [AppCheckPlaceholder.token, AppCheckPlaceholder.token])
        #expect(fragment == AppCheckPlaceholder.token)
        #expect(backend.appCheckExchanges.map(\.accepted) == [false])
        #expect(warned.withLock { $0 } == 1)
        // Asked directly (`app-check token`), the source still fails.
        await #expect(throws: AppCheckFailure.self) { _ = try await supply.appCheckToken() }
    }

    @Test("concurrent requests share one exchange")
    func concurrentCallersShareOneExchange() async throws {
        let (backend, client, cache, temporary) = try setUp()
        defer { backend.stop() }
        _ = temporary
        backend.registerAppCheckDebugToken("shared-debug-token")
        backend.setFault(.delay(.milliseconds(200)), for: "exchangeDebugToken")
        let supply = AppCheckTokenSupply(
            setting: .debugToken("shared-debug-token"), projectID: "demo-authflow", appID: appID, exchanger: client,
            cache: cache)

        let tokens = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<5 { group.addTask { try await supply.appCheckToken() } }
            return try await group.reduce(into: [String]()) { $0.append($1) }
        }

        #expect(Set(tokens).count == 1)
        #expect(backend.appCheckExchanges.count == 1)
    }

    @Test("without an app ID the debug source says so before any exchange")
    func missingAppID() async throws {
        let (backend, client, cache, temporary) = try setUp()
        defer { backend.stop() }
        _ = temporary
        let supply = AppCheckTokenSupply(
            setting: .debugToken("x-debug-token"), projectID: "demo-authflow", appID: nil, exchanger: client,
            cache: cache)
        let error = await #expect(throws: AppCheckFailure.self) { _ = try await supply.appCheckToken() }
        guard case .missingAppID = error?.problem else {
            Issue.record("expected missingAppID, got \(String(describing: error))")
            return
        }
        #expect(backend.appCheckExchanges.isEmpty)
    }

    @Test("a token command's JSON token is used and cached with its expiry; its environment names the project and app")
    func tokenCommand() async throws {
        let (backend, client, cache, temporary) = try setUp()
        defer { backend.stop() }
        backend.setAppCheckEnforced(true)
        let minted = backend.mintAppCheckToken().token
        let marker = temporary.file("ran")
        let command =
            "echo \"$AUTHFLOW_PROJECT_ID $AUTHFLOW_APP_ID\" >> '\(marker)'; "
            + "printf '{\"token\": \"%s\", \"ttl\": \"3600s\"}' '\(minted)'"
        func supply() -> AppCheckTokenSupply {
            AppCheckTokenSupply(
                setting: .tokenCommand(command), projectID: "demo-authflow", appID: appID, exchanger: client,
                cache: cache)
        }
        _ = try await client.withAppCheck(supply()).send(SignUpRequest(email: "ada@example.com", password: "secret-pw"))
        _ = try await supply().appCheckToken()

        #expect(backend.accounts.count == 1)
        #expect(try String(contentsOfFile: marker, encoding: .utf8) == "demo-authflow \(appID)\n")
        #expect(try cache.file(source: .tokenCommand, appID: appID).load()?.token == minted)
    }

    @Test("a cached token of another source is not used: the configured source decides")
    func otherSourceCacheIgnored() async throws {
        let (backend, client, cache, temporary) = try setUp()
        defer { backend.stop() }
        _ = temporary
        try cache.file(source: .debugToken, appID: appID).save(
            CachedAppCheckToken(
                token: "cached-from-debug", expiresAt: Date().addingTimeInterval(3000), source: .debugToken,
                appID: appID))
        let supply = AppCheckTokenSupply(
            setting: .tokenCommand("echo from-the-command"), projectID: "demo-authflow", appID: appID,
            exchanger: client, cache: cache)

        #expect(try await supply.appCheckToken() == "from-the-command")
    }

    @Test("the reCAPTCHA Enterprise source needs a browser page, and exchanges what the page returns")
    func recaptchaEnterprise() async throws {
        let (backend, client, cache, temporary) = try setUp()
        defer { backend.stop() }
        _ = temporary
        let headless = AppCheckTokenSupply(
            setting: .recaptchaEnterprise(siteKey: "site-key-1"), projectID: "demo-authflow", appID: appID,
            exchanger: client, cache: cache)
        let error = await #expect(throws: AppCheckFailure.self) { _ = try await headless.appCheckToken() }
        guard case .browserUnavailable = error?.problem else {
            Issue.record("expected browserUnavailable, got \(String(describing: error))")
            return
        }
        #expect(backend.appCheckExchanges.isEmpty)
    }
}
