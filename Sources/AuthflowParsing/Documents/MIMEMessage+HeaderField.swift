extension MIMEMessage {
    /// One header field, unfolded: the line breaks of continuation lines are removed, their blanks kept.
    public struct HeaderField: Sendable, Hashable {
        /// The field name as written (compare case-insensitively).
        public var name: String
        /// The unfolded value without leading and trailing blanks; 8-bit bytes are read as UTF-8 (RFC 6532).
        public var value: String

        /// A header field, its value unfolded.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }
}
