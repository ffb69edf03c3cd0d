/// Why the headless browser could not be started or driven.
public struct HeadlessChromiumError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, in words a user can act on.
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}
