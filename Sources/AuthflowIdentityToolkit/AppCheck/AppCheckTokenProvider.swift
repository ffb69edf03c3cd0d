import Foundation

/// Supplies the App Check token ``IdentityToolkitClient`` attaches as `X-Firebase-AppCheck` to every Identity
/// Toolkit and secure-token request (never to App Check's own exchanges).
///
/// Implementations obtain a token from their source when they have none that is still fresh, and keep it
/// private: the client never logs or repeats it.
public protocol AppCheckTokenProvider: Sendable {
    /// Where this provider's tokens come from, for error reports.
    var source: AppCheckSource { get }

    /// A token that is valid for a while yet, obtained (or refreshed) now when needed.
    func appCheckToken() async throws(AppCheckFailure) -> String

    /// The token a request carries: ``appCheckToken()``, or, when that fails in a way the SDKs carry on from,
    /// ``AppCheckPlaceholder/token`` (the SDKs warn once and send their placeholder, so a project that does not
    /// enforce App Check keeps working). A provider that needs no such fallback keeps the default, which is
    /// ``appCheckToken()``.
    func tokenForRequest() async throws(AppCheckFailure) -> String

    /// The backend refused `token`: forget it, here and in any cache, so the next request obtains a new one.
    func discard(_ token: String) async

    /// When the token in hand expires; nil when there is none or the provider does not know. No default: an
    /// extension's async default would win the overload at an `await` over a conformer's synchronous method.
    func expiry() async -> Date?
}

extension AppCheckTokenProvider {
    /// ``appCheckToken()``: no placeholder.
    public func tokenForRequest() async throws(AppCheckFailure) -> String {
        try await appCheckToken()
    }
}

/// The ways a machine without an attested app can obtain App Check tokens.
public enum AppCheckSource: String, Sendable, Hashable, Codable, CaseIterable {
    /// A debug token registered in the Firebase console, exchanged at `exchangeDebugToken`.
    case debugToken
    /// A command the user owns that prints an App Check token (minted by their backend with the Admin SDK).
    case tokenCommand
    /// A reCAPTCHA Enterprise token obtained in a browser for the app's App Check site key, exchanged at
    /// `exchangeRecaptchaEnterpriseToken`.
    case recaptchaEnterprise
}
