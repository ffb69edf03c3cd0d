import AuthflowStorage

/// Keeps the ``PendingEmailLink`` of one project (and tenant) in `pending-email-link.json` in its state
/// directory, beside the session: private (0600), written atomically, so a crash between sending and
/// completing loses nothing.
public struct PendingEmailLinkStore: Sendable {
    /// The file name inside a project's state directory.
    public static let fileName = "pending-email-link.json"

    /// The project's state directory.
    public let directory: ProjectStateDirectory
    private let file: StateFile<PendingEmailLink>

    /// The store for `directory`.
    public init(directory: ProjectStateDirectory) {
        self.directory = directory
        self.file = StateFile(Self.fileName, in: directory)
    }

    /// The file's path, for messages.
    public var path: String { file.path }

    /// The pending link, or nil when none was sent (or it was used).
    public func load() throws(StorageError) -> PendingEmailLink? {
        try file.load()
    }

    /// Records `pending`, replacing an older one: only the latest link is worth completing.
    public func save(_ pending: PendingEmailLink) throws(StorageError) {
        try file.save(pending)
    }

    /// Forgets the pending link; none stored is not an error.
    public func remove() throws(StorageError) {
        try file.remove()
    }
}
