/// The codes tried so far in one flow, counted against what each code's origin allows
/// (``PhoneCodeOrigin/tries``): the one place the rule for wrong SMS and authenticator-app codes is applied.
public struct CodeTries: Sendable {
    private var refusedCount = 0

    /// No code tried yet.
    public init() {}

    /// Counts a wrong code that came from `origin`: how many more codes may be tried, or nil when the flow must
    /// give up now.
    public mutating func refused(from origin: PhoneCodeOrigin) -> Int? {
        refusedCount += 1
        let left = origin.tries - refusedCount
        return left > 0 ? left : nil
    }
}
