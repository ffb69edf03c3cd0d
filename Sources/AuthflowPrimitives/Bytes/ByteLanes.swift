/// The result of comparing sixteen bytes at once (`SIMD16<UInt8>`, compared against vector constants), read as two
/// words: `any(_:)` compiled to a call per vector (assembly checked; BENCHMARKS.md, 2026-11-25 linkbytes6).
extension SIMDMask where Storage == SIMD16<Int8> {
    /// Whether any lane is set.
    @inlinable @inline(__always)
    package var hasSetLane: Bool {
        let lanes = unsafeBitCast(self, to: SIMD2<UInt64>.self)
        return lanes[0] | lanes[1] != 0
    }

    /// The first set lane (the lowest address, on this little-endian machine), or nil when none is.
    @inlinable @inline(__always)
    package var firstSetLane: Int? {
        let lanes = unsafeBitCast(self, to: SIMD2<UInt64>.self)
        if lanes[0] != 0 { return lanes[0].trailingZeroBitCount >> 3 }
        if lanes[1] != 0 { return 8 + lanes[1].trailingZeroBitCount >> 3 }
        return nil
    }
}
