import AuthflowPrimitives

/// What the libcurl callbacks of one transfer read and write. Used only on the transfer's own thread
/// (the cancellation flag is the one shared part), and reached from C through an unretained pointer.
final class TransferState {
    let maxResponseBytes: Int
    let cancellation: CancellationFlag
    let addressGuard: AddressGuard?
    /// The easy handle, so the socket callback can ask which URL is being connected to.
    var handle: UnsafeMutableRawPointer?

    var body: [UInt8] = []
    var headers: [HTTPHeader] = []
    var exceededLimit = false
    var blocked: (host: String, address: String)?

    init(maxResponseBytes: Int, cancellation: CancellationFlag, addressGuard: AddressGuard?) {
        self.maxResponseBytes = maxResponseBytes
        self.cancellation = cancellation
        self.addressGuard = addressGuard
    }

    /// Parses one raw header line; a status line starts a new response, so only the final one is kept
    /// (after redirects, `100 Continue`, or a proxy's CONNECT reply).
    func receiveHeaderLine(_ line: UnsafeBufferPointer<UInt8>) {
        var end = line.count
        while end > 0, line[end - 1] == UInt8(ascii: "\r") || line[end - 1] == UInt8(ascii: "\n") { end -= 1 }
        let text = String(decoding: UnsafeBufferPointer(rebasing: line[..<end]), as: UTF8.self)
        if text.hasPrefix("HTTP/") {
            headers.removeAll()
            return
        }
        guard !text.isEmpty else { return }
        if let first = text.first, first == " " || first == "\t", !headers.isEmpty {
            headers[headers.count - 1].value += " " + text.trimmingHTTPWhitespace()
            return
        }
        guard let colon = text.firstIndex(of: ":") else { return }
        let name = String(text[..<colon]).trimmingHTTPWhitespace()
        let value = String(text[text.index(after: colon)...]).trimmingHTTPWhitespace()
        headers.append(HTTPHeader(name: name, value: value))
    }

    /// Appends body bytes; `false` once the limit would be passed, which makes libcurl abort.
    func receiveBody(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard body.count + bytes.count <= maxResponseBytes else {
            exceededLimit = true
            return false
        }
        body.append(contentsOf: bytes)
        return true
    }
}

extension String {
    func trimmingHTTPWhitespace() -> String {
        var view = Substring(self)
        while let first = view.first, first == " " || first == "\t" { view = view.dropFirst() }
        while let last = view.last, last == " " || last == "\t" { view = view.dropLast() }
        return String(view)
    }
}
