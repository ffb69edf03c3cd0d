/// What every libmicrohttpd callback of one server needs; reached from C through an unretained pointer
/// that the owning ``LoopbackServer`` keeps alive until its daemons have stopped.
final class ServerContext: Sendable {
    let handler: @Sendable (LoopbackRequest) -> LoopbackResponse
    let maxBodyBytes: Int

    init(handler: @escaping @Sendable (LoopbackRequest) -> LoopbackResponse, maxBodyBytes: Int) {
        self.handler = handler
        self.maxBodyBytes = maxBodyBytes
    }
}
