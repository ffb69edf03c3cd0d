/// Comparison whose running time does not depend on where two secrets first differ.
public enum ConstantTime {
    /// Whether `lhs` and `rhs` are byte-for-byte equal. Only the lengths can be learned from timing.
    public static func equal(_ lhs: String, _ rhs: String) -> Bool {
        let left = Array(lhs.utf8)
        let right = Array(rhs.utf8)
        guard left.count == right.count else { return false }
        var difference: UInt8 = 0
        for index in left.indices { difference |= left[index] ^ right[index] }
        return difference == 0
    }
}
