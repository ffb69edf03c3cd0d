import AuthflowIdentityToolkit
import AuthflowPrimitives
import Foundation

/// Obtains a browser page's reCAPTCHA Enterprise token for an App Check site key (action `fire_app_check`).
public typealias RecaptchaEnterpriseTokenPage = @Sendable (_ siteKey: String) async throws(AppCheckFailure) -> String

/// The App Check token provider of one project: a fresh token from memory or the state directory's cache,
/// otherwise a new one from the configured source, cached for the next run until shortly before it expires.
///
/// Obtaining is serialized, so concurrent requests share one exchange. Tokens never appear in a description,
/// log or error.
public actor AppCheckTokenSupply: AppCheckTokenProvider {
    /// The configured source.
    public nonisolated let setting: AppCheckSourceSetting
    /// The project the tokens are for.
    public nonisolated let projectID: String?
    /// The Firebase app ID registered with App Check; exchanges need it.
    public nonisolated let appID: String?
    private let exchanger: IdentityToolkitClient
    private let cache: AppCheckTokenCache?
    private let page: RecaptchaEnterpriseTokenPage?
    private let clock: @Sendable () -> Date
    private var current: CachedAppCheckToken?
    /// The obtaining under way, which concurrent callers wait for instead of starting their own.
    private var pending: Task<Result<CachedAppCheckToken, AppCheckFailure>, Never>?
    /// Told, once, when requests go on with the placeholder (``tokenForRequest()``).
    private let onPlaceholder: (@Sendable (AppCheckFailure) -> Void)?
    /// The failure after which requests carry the placeholder, for the rest of this supply's life.
    private var fallback: AppCheckFailure?

    /// A provider for `setting`.
    ///
    /// - Parameters:
    ///   - exchanger: sends the App Check exchanges (its own App Check provider, if any, is not used).
    ///   - cache: where tokens are kept between runs; nil keeps them in memory only.
    ///   - page: gets a reCAPTCHA Enterprise token in a browser; nil when this run has no browser.
    ///   - clock: the current time (tests move it).
    ///   - onPlaceholder: told, once, the failure after which requests carry ``AppCheckPlaceholder/token``
    ///     (a front end warns).
    public init(
        setting: AppCheckSourceSetting, projectID: String?, appID: String?, exchanger: IdentityToolkitClient,
        cache: AppCheckTokenCache?, page: RecaptchaEnterpriseTokenPage? = nil,
        clock: @escaping @Sendable () -> Date = { Date() },
        onPlaceholder: (@Sendable (AppCheckFailure) -> Void)? = nil
    ) {
        self.onPlaceholder = onPlaceholder
        self.setting = setting
        self.projectID = projectID
        self.appID = appID
        self.exchanger = exchanger.withAppCheck(nil)
        self.cache = cache
        self.page = page
        self.clock = clock
    }

    public nonisolated var source: AppCheckSource { setting.source }

    /// The digest of the setting, kept with cached tokens.
    private var settingDigest: String {
        switch setting {
        case .debugToken(let value): SHA256.hex("debugToken\n" + value)
        case .tokenCommand(let value): SHA256.hex("tokenCommand\n" + value)
        case .recaptchaEnterprise(let value): SHA256.hex("recaptchaEnterprise\n" + value)
        }
    }

    /// The app ID the cache is keyed by: the command's tokens are for whatever app it mints for.
    private var cacheAppID: String? { appID }

    public func appCheckToken() async throws(AppCheckFailure) -> String {
        let now = clock()
        if let current, current.isFresh(at: now) { return current.token }
        if let cached = cache?.fresh(source: source, appID: cacheAppID, settingDigest: settingDigest, now: now) {
            current = cached
            return cached.token
        }
        if let pending { return try await pending.value.get().token }
        let task = Task { await self.obtainAndKeep(now: now) }
        pending = task
        let result = await task.value
        pending = nil
        return try result.get().token
    }

    /// ``appCheckToken()``, or the SDKs' placeholder once obtaining failed in a way they carry on from
    /// (``AppCheckFailure/allowsPlaceholder``): the JS SDK's `_getAppCheckToken` (`auth_impl.ts`) and iOS's
    /// `AuthBackend` warn and send the placeholder App Check hands them, so a project that does not enforce App
    /// Check keeps working. The source is tried once: later requests of this run carry the placeholder without
    /// trying again (a failing command or exchange would otherwise cost its time on every request), and
    /// ``onPlaceholder`` is told once.
    public func tokenForRequest() async throws(AppCheckFailure) -> String {
        if fallback != nil { return AppCheckPlaceholder.token }
        do throws(AppCheckFailure) {
            return try await appCheckToken()
        } catch {
            guard error.allowsPlaceholder else { throw error }
            fallback = error
            onPlaceholder?(error)
            return AppCheckPlaceholder.token
        }
    }

    /// Obtains a token, keeps it in hand and, when it says when it expires, in the cache.
    private func obtainAndKeep(now: Date) async -> Result<CachedAppCheckToken, AppCheckFailure> {
        do throws(AppCheckFailure) {
            var (obtained, keep) = try await obtain(now: now)
            obtained.settingDigest = settingDigest
            current = obtained
            if keep {
                // A cache that cannot be written costs a new exchange next run, nothing more.
                try? cache?.file(source: source, appID: cacheAppID).save(obtained)
            }
            return .success(obtained)
        } catch {
            return .failure(error)
        }
    }

    /// When the token in hand expires; nil before one was obtained.
    public func expiry() async -> Date? { current?.expiresAt }

    public func discard(_ token: String) async {
        if current?.token == token { current = nil }
        guard let file = cache?.file(source: source, appID: cacheAppID),
            let stored = try? file.load(), stored.token == token
        else { return }
        try? file.remove()
    }

    /// A new token, and whether to cache it.
    private func obtain(now: Date) async throws(AppCheckFailure) -> (CachedAppCheckToken, keep: Bool) {
        switch setting {
        case .debugToken(let debugToken):
            let app = try resource()
            let reply = try await exchange(ExchangeDebugTokenRequest(app: app, debugToken: debugToken))
            return (stored(reply, now: now), true)
        case .tokenCommand(let command):
            let output = try await AppCheckTokenCommand(command).run(projectID: projectID, appID: appID, now: now)
            guard let expiresAt = output.expiresAt else {
                // A token that says nothing about its expiry serves this run only, and is never cached.
                let forThisRun = now.addingTimeInterval(CachedAppCheckToken.refreshMargin + 15 * 60)
                let token = CachedAppCheckToken(
                    token: output.token, expiresAt: forThisRun, source: source, appID: cacheAppID)
                return (token, false)
            }
            let token = CachedAppCheckToken(
                token: output.token, expiresAt: expiresAt, source: source, appID: cacheAppID)
            return (token, true)
        case .recaptchaEnterprise(let siteKey):
            let app = try resource()
            guard let page else { throw AppCheckFailure(source: source, problem: .browserUnavailable) }
            let recaptchaToken = try await page(siteKey)
            let reply = try await exchange(
                ExchangeRecaptchaEnterpriseTokenRequest(app: app, recaptchaEnterpriseToken: recaptchaToken))
            return (stored(reply, now: now), true)
        }
    }

    private func resource() throws(AppCheckFailure) -> AppCheckResource {
        guard let projectID, !projectID.isEmpty else {
            throw AppCheckFailure(source: source, problem: .missingProjectID)
        }
        guard let appID, !appID.isEmpty else { throw AppCheckFailure(source: source, problem: .missingAppID) }
        return AppCheckResource(projectID: projectID, appID: appID)
    }

    private func exchange<R: IdentityToolkitRequest>(
        _ request: R
    ) async throws(AppCheckFailure) -> AppCheckTokenResponse where R.Response == AppCheckTokenResponse {
        do {
            return try await exchanger.send(request)
        } catch {
            throw AppCheckFailure(source: source, problem: .exchangeFailed(error))
        }
    }

    private func stored(_ reply: AppCheckTokenResponse, now: Date) -> CachedAppCheckToken {
        let seconds =
            Double(reply.timeToLive.components.seconds)
            + Double(reply.timeToLive.components.attoseconds) / 1e18
        return CachedAppCheckToken(
            token: reply.token, expiresAt: now.addingTimeInterval(seconds), source: source, appID: cacheAppID)
    }
}
