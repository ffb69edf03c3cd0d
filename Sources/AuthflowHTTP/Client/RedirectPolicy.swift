/// Whether the client follows 3xx responses itself.
public enum RedirectPolicy: Sendable, Hashable {
    /// Follow up to `maximum` redirects; one more fails with a `.transport` error that says so.
    case follow(maximum: Int)
    /// Return the 3xx response so the caller can inspect ``HTTPResponse/location`` and decide each hop.
    case doNotFollow
}
