// libmicrohttpd's per-connection notification: a plain top-level function, like the request callbacks.
import CMicroHTTPD

/// MHD_OPTION_NOTIFY_CONNECTION: keeps the server's ``ConnectionRegistry`` in step with libmicrohttpd.
/// Called on the daemon's own thread after accept and again just before it closes the socket.
func listenerConnectionNotified(
    _ cls: UnsafeMutableRawPointer?, _ connection: OpaquePointer?,
    _ socketContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>?, _ code: MHD_ConnectionNotificationCode
) {
    guard let cls, let connection, let socketContext else { return }
    let server = Unmanaged<ServerContext>.fromOpaque(cls).takeUnretainedValue()
    if authflow_mhd_connection_started(code) != 0 {
        // Without its socket (-1) a connection cannot be reaped; the idle timeout still applies to it.
        let open = server.connections.opened(connection, descriptor: authflow_mhd_connection_fd(connection))
        // The request callbacks find it here (MHD_CONNECTION_INFO_SOCKET_CONTEXT), with no lock shared
        // between connections; released below.
        socketContext.pointee = Unmanaged.passRetained(open).toOpaque()
    } else {
        server.connections.closed(connection)
        if let open = socketContext.pointee {
            socketContext.pointee = nil
            Unmanaged<OpenConnection>.fromOpaque(open).release()
        }
    }
}
