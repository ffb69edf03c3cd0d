/// What every libmicrohttpd callback of one server needs; reached from C through an unretained pointer
/// that the owning ``LoopbackServer`` keeps alive until its daemons have stopped.
final class ServerContext: Sendable {
    let handler: @Sendable (LoopbackRequest) -> LoopbackResponse
    let maxBodyBytes: Int
    /// The names requests must use, built from the bound port; nil when any `Host` is accepted.
    let authority: LoopbackAuthority?
    let connections = ConnectionRegistry()
    let requests = RequestsInProgress()

    init(
        handler: @escaping @Sendable (LoopbackRequest) -> LoopbackResponse, maxBodyBytes: Int,
        authority: LoopbackAuthority?
    ) {
        self.handler = handler
        self.maxBodyBytes = maxBodyBytes
        self.authority = authority
    }
}
