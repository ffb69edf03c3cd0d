// libcurl callbacks: plain top-level functions (never closures), each finding its TransferState through
// the userdata pointer libcurl hands back.
import CCurl

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

private func state(_ userdata: UnsafeMutableRawPointer?) -> TransferState? {
    guard let userdata else { return nil }
    return Unmanaged<TransferState>.fromOpaque(userdata).takeUnretainedValue()
}

private func bytes(_ data: UnsafeMutablePointer<CChar>?, _ length: Int) -> UnsafeBufferPointer<UInt8> {
    guard let data else { return UnsafeBufferPointer(start: nil, count: 0) }
    return UnsafeBufferPointer(start: UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self), count: length)
}

/// CURLOPT_WRITEFUNCTION: returning less than given aborts the transfer, which enforces the size cap.
func transferReceiveBody(
    _ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ userdata: UnsafeMutableRawPointer?
) -> Int {
    let length = size * count
    guard let state = state(userdata) else { return 0 }
    return state.receiveBody(bytes(data, length)) ? length : 0
}

/// CURLOPT_HEADERFUNCTION: called once per complete header line.
func transferReceiveHeader(
    _ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ userdata: UnsafeMutableRawPointer?
) -> Int {
    let length = size * count
    guard let state = state(userdata) else { return 0 }
    state.receiveHeaderLine(bytes(data, length))
    return length
}

/// CURLOPT_XFERINFOFUNCTION: libcurl calls it often (also while idle), so cancellation is noticed promptly.
func transferProgress(
    _ userdata: UnsafeMutableRawPointer?, _ downloadTotal: curl_off_t, _ downloaded: curl_off_t,
    _ uploadTotal: curl_off_t, _ uploaded: curl_off_t
) -> Int32 {
    guard let state = state(userdata) else { return 1 }
    return state.cancellation.isCancelled ? 1 : 0
}

/// CURLOPT_OPENSOCKETFUNCTION: the one place that sees the address really being connected to, after DNS,
/// so the address policy cannot be bypassed by a name that resolves somewhere private.
func transferOpenSocket(
    _ userdata: UnsafeMutableRawPointer?, _ purpose: curlsocktype, _ address: UnsafeMutablePointer<curl_sockaddr>?
) -> curl_socket_t {
    guard let state = state(userdata), let address else { return authflow_curl_socket_bad() }
    let target = address.pointee
    if let addressGuard = state.addressGuard {
        let host = currentHost(state) ?? ""
        let ip = address.pointer(to: \.addr).flatMap {
            IPAddress(socketAddress: UnsafeRawPointer($0), family: target.family)
        }
        if let refused = addressGuard.refusal(host: host, address: ip) {
            state.blocked = (host: host, address: refused)
            return authflow_curl_socket_bad()
        }
    }
    return socket(target.family, target.socktype, target.protocol)
}

/// The host of the URL being fetched right now, which changes as redirects are followed.
private func currentHost(_ state: TransferState) -> String? {
    guard let handle = state.handle else { return nil }
    var url: UnsafeMutablePointer<CChar>?
    guard authflow_curl_getinfo_string(handle, CURLINFO_EFFECTIVE_URL, &url) == CURLE_OK, let url else { return nil }
    return CurlURL.parse(String(cString: url))?.host
}
