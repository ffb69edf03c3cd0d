/// Why state could not be kept on disk. Every case names the path, so the person can fix it.
public enum StorageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No place for state: neither an explicit directory, `XDG_STATE_HOME` nor `HOME` is usable.
    case noStateDirectory
    /// A directory could not be created or secured.
    case directory(path: String, reason: StorageProblem)
    /// A file could not be written or renamed into place; the previous version, if any, is intact.
    case write(path: String, reason: StorageProblem)
    /// A file exists but could not be read.
    case read(path: String, reason: StorageProblem)
    /// A file was read but is not what this library wrote (hand-edited or from an incompatible version).
    case corrupt(path: String, reason: StorageProblem)
    /// Another process held the state lock for too long.
    case lockTimeout(path: String)

    public var description: String {
        switch self {
        case .noStateDirectory:
            "There is nowhere to keep sign-in state: HOME is not set. Choose a state directory or set XDG_STATE_HOME."
        case .directory(let path, let reason):
            "Cannot use the state directory \(path): \(reason)."
        case .write(let path, let reason):
            "Cannot save \(path): \(reason). The previous version, if any, is unchanged."
        case .read(let path, let reason):
            "Cannot read \(path): \(reason)."
        case .corrupt(let path, let reason):
            "\(path) is damaged (\(reason)). Remove it and sign in again."
        case .lockTimeout(let path):
            "Another process is holding \(path). Wait for it to finish, or remove the file if none is running."
        }
    }
}
