import AuthflowListener

/// The rendezvous directory of every command that can wait for a custom-scheme handoff (or, for `handle-url`,
/// look for a waiting flow): the one place that resolves it and warns, once per run, when the standard
/// directory was refused and a private one stands in.
enum RendezvousChoice {
    /// The directory to use; the warning, if any, is on standard error by the time this returns.
    static let directory: RendezvousDirectory = {
        let resolved = RendezvousDirectory.resolve()
        if let refused = resolved.refused {
            StandardError.write(RendezvousWording.fallback(refused: refused, using: resolved.directory.path))
        }
        return resolved.directory
    }()
}
