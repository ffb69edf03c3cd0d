// libmicrohttpd's per-connection notification: a plain top-level function, like the request callbacks.
import CMicroHTTPD

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

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

/// MHD_OPTION_ACCEPT_POLICY (the start function's `apc`): called on the daemon's thread for each accepted
/// connection before it is served. Keeps the server's connection limit by closing the open connection that has
/// waited longest for a complete request, so connections that trickle bytes cannot keep the callback out
/// (slowloris); refuses the new one only when every open connection is being answered.
func listenerAdmitConnection(
    _ cls: UnsafeMutableRawPointer?, _ address: UnsafePointer<sockaddr>?, _ length: socklen_t
) -> MHD_Result {
    guard let cls else { return authflow_mhd_no() }
    let server = Unmanaged<ServerContext>.fromOpaque(cls).takeUnretainedValue()
    return server.connections.makeRoom(limit: server.maxConnections) ? authflow_mhd_yes() : authflow_mhd_no()
}
