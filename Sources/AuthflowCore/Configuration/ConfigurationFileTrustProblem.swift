/// Why the user's own configuration file (or its directory) is not trusted: someone else could have written
/// the commands and hosts it sets. `ssh` refuses its configuration for the same reasons.
public enum ConfigurationFileTrustProblem: Sendable, Hashable, CustomStringConvertible {
    /// It belongs to another user (neither this user nor root).
    case ownedByAnotherUser(uid: UInt32)
    /// Its group or other users may write it; `mode` is its permission bits.
    case writableByOthers(mode: UInt32)

    /// The problem in English, for logs and embedders.
    public var description: String {
        switch self {
        case .ownedByAnotherUser(let uid): "it belongs to another user (uid \(uid))"
        case .writableByOthers(let mode): "its group or other users can write it (mode \(String(mode, radix: 8)))"
        }
    }
}
