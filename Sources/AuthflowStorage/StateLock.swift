import AuthflowPrimitives

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An advisory lock (`flock`) on a file in a project's state directory, so that two authflow processes
/// refreshing the same session do not overwrite each other's newer tokens. The kernel drops it if the process
/// dies, so a crash never leaves the state locked.
package enum StateLock {
    /// Runs `body` while holding the lock at `path`, waiting up to `timeout` for another holder.
    package static func withLock<T>(
        at path: String,
        timeout: Duration = .seconds(15),
        _ body: () async throws -> T
    ) async throws -> T {
        // Not through a symlink, and never blocking on a FIFO planted in the lock file's place.
        let descriptor = open(path, O_CREAT | O_RDWR | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw StorageError.write(path: path, reason: .system(.current))
        }
        defer { close(descriptor) } // Closing releases the lock.
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            throw StorageError.write(path: path, reason: .notARegularFile)
        }
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while SystemCall.retryingInterrupts({ flock(descriptor, LOCK_EX | LOCK_NB) }) != 0 {
            guard errno == EWOULDBLOCK else {
                throw StorageError.write(path: path, reason: .system(.current))
            }
            guard clock.now < deadline else { throw StorageError.lockTimeout(path: path) }
            try await Task.sleep(for: .milliseconds(20))
        }
        return try await body()
    }
}
