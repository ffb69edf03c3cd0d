import Foundation
import Synchronization

/// The backend's App Check: whether it is enforced, the debug tokens and reCAPTCHA Enterprise site keys
/// registered (as in the console), the tokens it issued, and which requests presented which token.
final class AppCheckRegistry: Sendable {
    private struct State {
        var enforced = false
        var debugTokens: Set<String> = []
        var siteKeys: Set<String> = []
        var timeToLive = 3600
        var issued: [String: Date] = [:]
        var recaptchaTokens: [String: (siteKey: String, action: String)] = [:]
        var exchanges: [BackendAppCheckExchange] = []
        var presentations: [BackendAppCheckPresentation] = []
    }

    private let state = Mutex(State())

    var isEnforced: Bool { state.withLock { $0.enforced } }

    func setEnforced(_ enforced: Bool) {
        state.withLock { $0.enforced = enforced }
    }

    func register(debugToken: String) {
        state.withLock { _ = $0.debugTokens.insert(debugToken) }
    }

    func register(siteKey: String) {
        state.withLock { _ = $0.siteKeys.insert(siteKey) }
    }

    func setTimeToLive(seconds: Int) {
        state.withLock { $0.timeToLive = max(1, seconds) }
    }

    /// A token as the Admin SDK's `createToken` would mint it: valid for the configured time to live.
    func mint(now: Date) -> (token: String, seconds: Int) {
        state.withLock { state in
            let token = "authflow-app-check." + RandomText.base64URL(32)
            state.issued[token] = now.addingTimeInterval(TimeInterval(state.timeToLive))
            return (token, state.timeToLive)
        }
    }

    /// A reCAPTCHA Enterprise token the stand-in script asked for, remembered with its key and action.
    func issueRecaptchaToken(siteKey: String, action: String) -> String {
        let token = RecaptchaCheck.tokenPrefix + action + ":" + RandomText.base64URL(32)
        state.withLock { $0.recaptchaTokens[token] = (siteKey, action) }
        return token
    }

    /// Whether `token` was issued here and has not expired.
    func isValid(_ token: String?, now: Date) -> Bool {
        guard let token, !token.isEmpty else { return false }
        return state.withLock { $0.issued[token].map { $0 > now } ?? false }
    }

    func isRegistered(debugToken: String) -> Bool {
        state.withLock { $0.debugTokens.contains(debugToken) }
    }

    /// Whether `token` came from the stand-in for a registered site key with App Check's action; a token is
    /// good once.
    func redeem(recaptchaToken token: String) -> Bool {
        state.withLock { state in
            guard let issued = state.recaptchaTokens.removeValue(forKey: token) else { return false }
            return state.siteKeys.contains(issued.siteKey) && issued.action == "fire_app_check"
        }
    }

    func record(_ exchange: BackendAppCheckExchange) {
        state.withLock { $0.exchanges.append(exchange) }
    }

    func record(_ presentation: BackendAppCheckPresentation) {
        state.withLock { $0.presentations.append(presentation) }
    }

    var exchanges: [BackendAppCheckExchange] { state.withLock { $0.exchanges } }
    var presentations: [BackendAppCheckPresentation] { state.withLock { $0.presentations } }

    func forgetIssued() {
        state.withLock { state in
            state.issued.removeAll()
            state.recaptchaTokens.removeAll()
            state.exchanges.removeAll()
            state.presentations.removeAll()
        }
    }
}

/// One App Check exchange a client made.
public struct BackendAppCheckExchange: Sendable, Hashable {
    /// `exchangeDebugToken` or `exchangeRecaptchaEnterpriseToken`.
    public let method: String
    /// The project in the path.
    public let projectID: String
    /// The app in the path.
    public let appID: String
    /// Whether it was answered with a token.
    public let accepted: Bool
}

/// The `X-Firebase-AppCheck` header one REST call carried.
public struct BackendAppCheckPresentation: Sendable, Hashable {
    /// The REST operation (`accounts:signInWithPassword`, `token`, …).
    public let endpoint: String
    /// The header's value, if any.
    public let token: String?
    /// Whether the token was one this backend issued and had not expired.
    public let valid: Bool
}
