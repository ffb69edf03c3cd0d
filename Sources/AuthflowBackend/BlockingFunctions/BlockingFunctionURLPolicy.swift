import AuthflowListener

/// Which URLs the project config may name for blocking functions. The backend POSTs each new account's or
/// sign-in's JWT (the user's profile and, when forwarded, the IdP's tokens) to them, so by default only this
/// machine's loopback (`localhost`, `127.0.0.1`, `[::1]`, where the Functions emulator runs) is allowed; a
/// backend started with ``EmbeddedBackend/Configuration/allowsRemoteBlockingFunctions`` takes any absolute URL,
/// as the emulator does. Either way a URL must be printable ASCII, so it can be logged as it is.
enum BlockingFunctionURLPolicy {
    static func check(_ uri: String?, remoteAllowed: Bool) throws(APIError) {
        guard let uri, let url = AbsoluteURL(uri) else {
            throw .badRequest("INVALID_BLOCKING_FUNCTION : ((Expected an absolute URI with valid scheme and host.))")
        }
        try ensure(
            uri.utf8.allSatisfy { (0x21...0x7E).contains($0) },
            "INVALID_BLOCKING_FUNCTION : ((Expected a URI of printable ASCII characters, without spaces.))")
        guard !remoteAllowed else { return }
        try ensure(
            (url.scheme == "http" || url.scheme == "https")
                && url.authority.map { LoopbackAuthority.isLoopback(authority: $0[...]) } == true,
            "INVALID_BLOCKING_FUNCTION : ((\(uri) is not on this machine's loopback (http://localhost, 127.0.0.1 or "
                + "[::1]): this emulator calls blocking functions there only, unless it was started allowing remote "
                + "functions.))")
    }

    /// The log line naming where each of the project's functions is called, e.g. `Blocking functions of project
    /// demo-authflow: beforeCreate at http://127.0.0.1:5001/f.` (every URL passed ``check(_:remoteAllowed:)``).
    static func summary(_ config: ProjectConfigDocument, projectID: String) -> String {
        let named =
            EmbeddedBackend.isUsableProjectID(projectID)
            ? "Blocking functions of project \(projectID)" : "Blocking functions"
        let triggers = BlockingFunctionEvent.allCases.compactMap { event in
            config.functionURL(event).map { "\(event.rawValue) at \($0)" }
        }
        return named + ": " + (triggers.isEmpty ? "none" : triggers.joined(separator: ", ")) + "."
    }
}
