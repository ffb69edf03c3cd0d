// libmicrohttpd callbacks: plain top-level functions (never closures), which find their Swift state through
// the `cls` and `con_cls` pointers. They run on libmicrohttpd's connection threads.
import AuthflowPrimitives
import CMicroHTTPD

private func request(_ pointer: UnsafeMutableRawPointer?) -> RequestContext? {
    pointer.map { Unmanaged<RequestContext>.fromOpaque($0).takeUnretainedValue() }
}

/// MHD_OPTION_URI_LOG_CALLBACK: the only place the raw request target is available, so the per-request
/// context starts here; libmicrohttpd stores the result as the request's `con_cls`.
func listenerRequestStarted(
    _ cls: UnsafeMutableRawPointer?, _ uri: UnsafePointer<CChar>?, _ connection: OpaquePointer?
) -> UnsafeMutableRawPointer? {
    // No context: the access handler refuses the request.
    guard let cls, let connection, let open = authflow_mhd_connection_socket_context(connection) else {
        return nil
    }
    let server = Unmanaged<ServerContext>.fromOpaque(cls).takeUnretainedValue()
    return startRequest(
        target: uri, on: Unmanaged<OpenConnection>.fromOpaque(open).takeUnretainedValue(), of: server)
}

/// The per-request context for `target` on `connection`, whose ``OpenConnection`` owns it, so it is freed when
/// the connection closes even if libmicrohttpd never reports the request complete. From here until it is freed
/// the request counts as in progress for `server`'s graceful stop.
func startRequest(
    target: UnsafePointer<CChar>?, on connection: OpenConnection, of server: ServerContext
) -> UnsafeMutableRawPointer {
    let context = RequestContext(
        target: target.map { String(cString: $0) } ?? "", connection: connection, inProgress: server.requests)
    connection.holdRequest(context)
    return Unmanaged.passUnretained(context).toOpaque()
}

/// MHD_OPTION_NOTIFY_COMPLETED: drops the per-request context, whether or not a response was sent (which
/// counts the request out of those a stop waits for), and starts the connection's wait for its next request.
func listenerRequestCompleted(
    _ cls: UnsafeMutableRawPointer?, _ connection: OpaquePointer?,
    _ requestPointer: UnsafeMutablePointer<UnsafeMutableRawPointer?>?, _ reason: MHD_RequestTerminationCode
) {
    guard cls != nil, connection != nil, let requestPointer, let context = request(requestPointer.pointee) else {
        return
    }
    context.connection.answered()
    requestPointer.pointee = nil
    context.connection.finishRequest()
}

/// MHD_KeyValueIterator for request headers.
func listenerCollectHeader(
    _ cls: UnsafeMutableRawPointer?, _ kind: MHD_ValueKind, _ name: UnsafePointer<CChar>?,
    _ value: UnsafePointer<CChar>?
) -> MHD_Result {
    if let context = request(cls), let name {
        context.headers.append(HTTPHeader(name: String(cString: name), value: value.map { String(cString: $0) } ?? ""))
    }
    return authflow_mhd_yes()
}

/// The access handler, called first when headers are complete, then once per chunk of body, then once
/// more with no data: only that last call runs the Swift handler.
func listenerAccess(
    _ cls: UnsafeMutableRawPointer?, _ connection: OpaquePointer?, _ url: UnsafePointer<CChar>?,
    _ method: UnsafePointer<CChar>?, _ version: UnsafePointer<CChar>?, _ uploadData: UnsafePointer<CChar>?,
    _ uploadSize: UnsafeMutablePointer<Int>?, _ requestPointer: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
) -> MHD_Result {
    guard let cls, let connection, let requestPointer, let context = request(requestPointer.pointee) else {
        return authflow_mhd_no()
    }
    let server = Unmanaged<ServerContext>.fromOpaque(cls).takeUnretainedValue()

    if !context.started {
        context.started = true
        let pointer = Unmanaged.passUnretained(context).toOpaque()
        MHD_get_connection_values(connection, authflow_mhd_header_kind(), listenerCollectHeader, pointer)
        if let authority = server.authority, !authority.admits(target: context.target, headers: context.headers) {
            beginAnswer(context)
            return send(.misdirected, on: connection, server)
        }
        // Refuse an announced oversize body before reading any of it.
        if let length = context.headers.firstValue(named: "Content-Length").flatMap(Int.init),
            length > server.maxBodyBytes
        {
            beginAnswer(context)
            return send(.payloadTooLarge, on: connection, server)
        }
        return authflow_mhd_yes()
    }

    if let uploadSize, uploadSize.pointee > 0 {
        if !context.answered, let uploadData {
            context.receive(
                UnsafeRawBufferPointer(start: uploadData, count: uploadSize.pointee), limit: server.maxBodyBytes)
        }
        uploadSize.pointee = 0
        return authflow_mhd_yes()
    }

    if context.answered { return authflow_mhd_yes() }
    beginAnswer(context)
    if context.bodyTooLarge { return send(.payloadTooLarge, on: connection, server) }

    let incoming = LoopbackRequest(
        method: method.map { String(cString: $0) } ?? "",
        target: context.target,
        headers: context.headers,
        body: context.body
    )
    return send(server.handler(incoming), on: connection, server)
}

/// The request is complete, or refused: from here the request deadline no longer applies.
private func beginAnswer(_ context: RequestContext) {
    context.answered = true
    context.connection.answering()
}

/// Queues `response`; once the server is stopping it also closes the connection after the answer, so the client
/// does not send another request on a connection about to go.
private func send(_ response: LoopbackResponse, on connection: OpaquePointer, _ server: ServerContext) -> MHD_Result {
    let created =
        response.delivery == .whole
        ? response.body.withUnsafeBytes { authflow_mhd_response_copying($0.count, $0.baseAddress) }
        : StagedBody(body: response.body, delivery: response.delivery).makeResponse()
    guard let created else { return authflow_mhd_no() }
    defer { MHD_destroy_response(created) }
    for header in response.headers {
        // libmicrohttpd rejects unsafe values (line breaks) and headers it manages itself; those are dropped.
        _ = MHD_add_response_header(created, header.name, header.value)
    }
    if server.requests.isStopping { _ = MHD_add_response_header(created, "Connection", "close") }
    let status = (100...999).contains(response.status) ? response.status : 500
    return MHD_queue_response(connection, UInt32(status), created)
}

extension LoopbackResponse {
    /// In the page language (``CallbackPageWording``): a person may see these in the browser.
    static var payloadTooLarge: LoopbackResponse {
        .text(CallbackPageWording.text("Request body too large.") + "\n", status: 413)
    }
    /// The Host names something else (DNS rebinding, a stray proxy request); the attacker's name is not echoed.
    static var misdirected: LoopbackResponse {
        .text(CallbackPageWording.text("The Host header does not name this loopback server.") + "\n", status: 400)
    }
}
