#if canImport(Glibc)
import Glibc
#endif

extension StringProtocol {
    /// Runs `body` on the text's UTF-8 bytes without copying them when the string is native (the usual case).
    ///
    /// Byte loops over an unsafe buffer are an order of magnitude faster than over `UTF8View`'s generic
    /// indices, and link inspection is made of such loops.
    @inlinable
    package func withUTF8Buffer<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = utf8.withContiguousStorageIfAvailable(body) { return result }
        return Array(utf8).withUnsafeBufferPointer(body)
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// How many leading bytes are ASCII (below 0x80), eight bytes at a time: link text nearly always is all of it.
    package var asciiPrefixCount: Int {
        guard let base = baseAddress else { return 0 }
        let raw = UnsafeRawPointer(base)
        var index = 0
        while index + 8 <= count {
            if raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { break }
            index += 8
        }
        while index < count, self[index] < 0x80 { index += 1 }
        return index
    }

    /// The offset of the first `byte` at or after `start` (memchr).
    @inlinable
    package func firstOffset(of byte: UInt8, from start: Int = 0, to end: Int? = nil) -> Int? {
        let end = end ?? count
        guard start < end, let base = baseAddress else { return nil }
        guard let found = memchr(base + start, Int32(byte), end - start) else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }
}

extension Substring {
    /// The substring between two UTF-8 offsets of this substring.
    @inlinable
    package func slice(utf8 start: Int, _ end: Int) -> Substring {
        let from = utf8.index(startIndex, offsetBy: start)
        let to = utf8.index(from, offsetBy: end - start)
        return self[from..<to]
    }
}
