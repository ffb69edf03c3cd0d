/// Where authflow keeps its state: `--state-dir`, else `$XDG_STATE_HOME/authflow`, else
/// `~/.local/state/authflow`.
///
/// State is per user and holds secrets (refresh tokens, pending verification IDs), which is why it lives under
/// the XDG state directory rather than in a cache or the working directory.
public struct StateDirectory: Sendable, Equatable {
    /// The absolute path of the root directory.
    public let path: String

    /// A root given explicitly (`--state-dir`); relative paths are taken from the working directory.
    public init(path: String) {
        self.path = FilePath.absolute(path)
    }

    /// The root from the environment: `XDG_STATE_HOME` when it is an absolute path (the XDG spec says to
    /// ignore relative ones), else `HOME/.local/state`.
    public static func resolve(
        explicit: String? = nil,
        environment: [String: String]
    ) throws(StorageError) -> StateDirectory {
        if let explicit, !explicit.isEmpty { return StateDirectory(path: explicit) }
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            return StateDirectory(path: FilePath.join(state, "authflow"))
        }
        guard let home = environment["HOME"], home.hasPrefix("/") else { throw .noStateDirectory }
        return StateDirectory(path: FilePath.join(home, ".local/state/authflow"))
    }
}
