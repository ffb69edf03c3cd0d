#if canImport(Glibc)
import Glibc
#endif

/// The one place a system call interrupted by a signal (`EINTR`) is retried, as swift-nio keeps it in one
/// wrapper: callers state the call, not the loop around it.
public enum SystemCall {
    /// Calls `body` again for as long as it fails with `EINTR`, and returns its first other result. A negative
    /// result leaves `errno` saying why it failed.
    @inlinable
    public static func retryingInterrupts<Result: BinaryInteger>(_ body: () -> Result) -> Result {
        while true {
            let result = body()
            if result < 0, errno == EINTR { continue }
            return result
        }
    }

    /// `read(2)` into `buffer`, retried on `EINTR`: the byte count, 0 at end of input, or -1 with `errno` set.
    public static func read(_ descriptor: Int32, into buffer: inout [UInt8]) -> Int {
        buffer.withUnsafeMutableBytes { raw in
            retryingInterrupts { Glibc.read(descriptor, raw.baseAddress, raw.count) }
        }
    }

    /// `read(2)` into `buffer[offset...]`, retried on `EINTR`: the byte count, 0 at end of input (or with no room
    /// after `offset`), or -1 with `errno` set. For a buffer read into again and again, after bytes kept from the
    /// last read.
    public static func read(_ descriptor: Int32, into buffer: inout [UInt8], from offset: Int) -> Int {
        guard offset < buffer.count else { return 0 }
        return buffer.withUnsafeMutableBytes { raw in
            retryingInterrupts { Glibc.read(descriptor, raw.baseAddress.map { $0 + offset }, raw.count - offset) }
        }
    }

    /// Writes every byte of `bytes` to `descriptor`, retrying on `EINTR` and after short writes. `false` when a
    /// write failed (`errno` says why) or wrote nothing.
    @discardableResult
    public static func writeAll(_ bytes: ArraySlice<UInt8>, to descriptor: Int32) -> Bool {
        var remaining = bytes
        while !remaining.isEmpty {
            let written = remaining.withUnsafeBytes { raw in
                retryingInterrupts { Glibc.write(descriptor, raw.baseAddress, raw.count) }
            }
            guard written > 0 else { return false }
            remaining = remaining.dropFirst(written)
        }
        return true
    }

    /// Writes every byte of `bytes` to `descriptor`; see the slice variant.
    @discardableResult
    public static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        writeAll(bytes[...], to: descriptor)
    }
}
