import AuthflowPrimitives

/// The token the Firebase SDKs send as `X-Firebase-AppCheck` (and as a hosted page's `#fac=`) when App Check
/// could not give them one: the standard Base64 of `{"error":"UNKNOWN_ERROR"}`, as the JS SDK's
/// `formatDummyToken(defaultTokenErrorData)` (`app-check/src/internal-api.ts`) and iOS's App Check make it. A
/// project that does not enforce App Check serves the request anyway; one that does refuses it.
public enum AppCheckPlaceholder {
    /// `eyJlcnJvciI6IlVOS05PV05fRVJST1IifQ==`.
    public static let token = Base64.encode(Array(#"{"error":"UNKNOWN_ERROR"}"#.utf8))
}
