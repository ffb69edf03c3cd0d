/// What every libmicrohttpd callback of one server needs; reached from C through an unretained pointer
/// that the owning ``LoopbackServer`` keeps alive until its daemons have stopped.
final class ServerContext: Sendable {
    let handler: @Sendable (LoopbackRequest) -> LoopbackResponse
    let maxBodyBytes: Int
    /// Open connections beyond this many make room by closing the one that has waited longest for its request.
    let maxConnections: Int
    /// The names requests must use, built from the bound port; nil when any `Host` is accepted.
    let authority: LoopbackAuthority?
    let connections = ConnectionRegistry()
    let requests = RequestsInProgress()

    init(
        handler: @escaping @Sendable (LoopbackRequest) -> LoopbackResponse, maxBodyBytes: Int,
        maxConnections: Int = LoopbackServer.Configuration().maxConnections, authority: LoopbackAuthority?
    ) {
        self.handler = handler
        self.maxBodyBytes = maxBodyBytes
        self.maxConnections = max(1, maxConnections)
        self.authority = authority
    }
}
