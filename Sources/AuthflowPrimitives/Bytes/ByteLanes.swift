/// Sixteen bytes tested at once, for the scans over link and JSON bytes. Compared against vector constants, never
/// a scalar operand, and a mask read as two words: a scalar operand and `any(_:)` compiled to lane-by-lane loops
/// and a call per vector (assembly checked; BENCHMARKS.md, 2026-11-25 linkbytes6).
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
