import AuthflowPrimitives
import CMicroHTTPD

#if canImport(Glibc)
import Glibc
#endif

/// A body libmicrohttpd pulls piece by piece (`MHD_create_response_from_callback`), for the paced and cut-off
/// deliveries. Each connection has its own thread, so pausing inside the reader holds up only that client.
final class StagedBody {
    private let body: [UInt8]
    private let delivery: LoopbackResponse.Delivery

    init(body: [UInt8], delivery: LoopbackResponse.Delivery) {
        self.body = body
        self.delivery = delivery
    }

    /// The response, announcing the full length even when the body will be cut off, as a dying server would.
    func makeResponse() -> OpaquePointer? {
        let box = Unmanaged.passRetained(self).toOpaque()
        let created = MHD_create_response_from_callback(
            UInt64(body.count), 4096, readStagedBody, box, releaseStagedBody)
        if created == nil { Unmanaged<StagedBody>.fromOpaque(box).release() }
        return created
    }

    fileprivate func read(at position: UInt64, into buffer: UnsafeMutablePointer<CChar>, max: Int) -> Int {
        let start = Int(position)
        var end = min(body.count, start + max)
        switch delivery {
        case .whole:
            break
        case .paced(let bytes, let interval):
            if start > 0 { Self.pause(interval) }
            end = min(end, start + Swift.max(1, bytes))
        case .cutOff(let limit):
            guard start < limit else { return -2 } // MHD_CONTENT_READER_END_WITH_ERROR: drop the connection
            end = min(end, limit)
        }
        guard start < end else { return -1 } // MHD_CONTENT_READER_END_OF_STREAM
        body.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress else { return }
            memcpy(buffer, base + start, end - start)
        }
        return end - start
    }

    private static func pause(_ interval: Duration) {
        let (seconds, attoseconds) = interval.components
        var request = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
        var remaining = timespec()
        _ = SystemCall.retryingInterrupts {
            defer { request = remaining }
            return nanosleep(&request, &remaining)
        }
    }
}

private func readStagedBody(
    _ context: UnsafeMutableRawPointer?, _ position: UInt64, _ buffer: UnsafeMutablePointer<CChar>?, _ max: Int
) -> Int {
    guard let context, let buffer else { return -2 }
    return Unmanaged<StagedBody>.fromOpaque(context).takeUnretainedValue().read(at: position, into: buffer, max: max)
}

private func releaseStagedBody(_ context: UnsafeMutableRawPointer?) {
    guard let context else { return }
    Unmanaged<StagedBody>.fromOpaque(context).release()
}
