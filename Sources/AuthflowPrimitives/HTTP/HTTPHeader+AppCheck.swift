extension HTTPHeader {
    /// `X-Firebase-AppCheck`: the App Check token the Firebase SDKs attach to every Identity Toolkit and
    /// secure-token request when App Check is set up; a project that enforces App Check refuses requests
    /// without a valid one.
    public static let appCheckFieldName = "X-Firebase-AppCheck"
}
