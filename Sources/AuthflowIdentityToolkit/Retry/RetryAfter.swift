/// A server's `Retry-After` header (RFC 9110): how long it asks to be left alone. Only the delay-seconds form
/// is read; an HTTP date, which Google's front ends do not send, is ignored.
enum RetryAfter {
    /// The delay `value` asks for, or nil when there is none or it is not a whole number of seconds.
    static func delay(_ value: String?) -> Duration? {
        guard let value else { return nil }
        let trimmed = value.filter { $0 != " " && $0 != "\t" }
        guard !trimmed.isEmpty, trimmed.utf8.count <= 9, trimmed.utf8.allSatisfy({ (48...57).contains($0) }),
            let seconds = Int(trimmed)
        else { return nil }
        return .seconds(seconds)
    }
}
