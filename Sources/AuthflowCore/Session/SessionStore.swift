import AuthflowStorage

/// Keeps the signed-in user of one project (and tenant) in `session.json` in its state directory.
public struct SessionStore: Sendable {
    /// The project's state directory.
    public let directory: ProjectStateDirectory
    private let file: StateFile<UserSession>

    /// The store for `directory`.
    public init(directory: ProjectStateDirectory) {
        self.directory = directory
        self.file = StateFile("session.json", in: directory)
    }

    /// The session file's path, for messages.
    public var path: String { file.path }

    /// The stored session, or nil when nobody is signed in.
    /// A session file that names another project than its directory's (copied or edited by hand) is treated
    /// as damaged rather than used for the wrong project.
    public func load() throws(StorageError) -> UserSession? {
        guard let session = try file.load() else { return nil }
        guard session.project.projectID == directory.projectID else {
            throw .corrupt(
                path: file.path,
                reason: .otherProject(found: session.project.projectID, expected: directory.projectID))
        }
        return session
    }

    /// Stores `session`, replacing any previous one atomically.
    public func save(_ session: UserSession) throws(StorageError) {
        try file.save(session)
    }

    /// A generous size for a session file: tokens, profile, providers and factors come to a few KiB.
    static let expectedSessionBytes = 16 * 1024

    /// Checks that a session could be saved now (space and permission), so a flow can stop before it spends
    /// something that cannot be spent twice (an email link, an SMS or TOTP code, a provider's one-time
    /// authorization code) and would then have nowhere to keep the result.
    public func checkWritable() throws(StorageError) {
        try file.checkWritable(expectedBytes: Self.expectedSessionBytes)
    }

    /// Forgets the session (sign-out).
    public func remove() throws(StorageError) {
        try file.remove()
    }
}
