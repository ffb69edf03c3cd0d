import Foundation
import Synchronization

/// Starts Foundation processes one at a time.
///
/// Foundation's `Process.run()` on Linux is not safe to call from several threads at once: under parallel
/// tests it crashed inside the spawn (a bad read while copying the launch arguments). Launching is quick, so
/// serializing it costs nothing; waiting for the processes stays concurrent.
public enum ProcessLaunch {
    private static let lock = Mutex(())

    /// Runs `process` under the launch lock.
    public static func run(_ process: Process) throws {
        try lock.withLock { _ in try process.run() }
    }
}
