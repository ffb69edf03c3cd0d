import AuthflowTestSupport
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A tmpfs of a few hundred KiB mounted over a directory for one test, so the test can fill it up or make it
/// read-only. The tests run as root, whom permission bits do not stop; a full or read-only file system stops
/// everyone. Mounting needs root (CAP_SYS_ADMIN): without it the fixture throws, saying so, and the test fails
/// rather than passing without having checked anything.
final class SmallFileSystem: Sendable {
    /// The mount point.
    let path: String
    private var filler: String { path + "/.filler" }

    /// Mounts a tmpfs of `kilobytes` KiB at `path` (created if missing).
    init(at path: String, kilobytes: Int = 512) throws {
        self.path = path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        let mounted = try Subprocess.runBlocking(
            "mount", arguments: ["-t", "tmpfs", "-o", "size=\(kilobytes)k,mode=0700", "tmpfs", path])
        guard mounted.exitCode == 0 else {
            throw Unexpected(
                "this test mounts a small tmpfs to get a full or read-only state directory, which needs root "
                    + "(CAP_SYS_ADMIN): mount -t tmpfs exited \(mounted.exitCode): \(mounted.stderrText)")
        }
    }

    deinit {
        _ = try? Subprocess.runBlocking("umount", arguments: ["-l", path])
    }

    /// Writes a file until the file system has no space left.
    func fill() throws {
        let descriptor = open(filler, O_CREAT | O_WRONLY | O_APPEND | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw Unexpected("cannot create \(filler): errno \(errno)") }
        defer { close(descriptor) }
        let chunk = [UInt8](repeating: 0x41, count: 4096)
        while chunk.withUnsafeBytes({ write(descriptor, $0.baseAddress, $0.count) }) > 0 {}
        guard errno == ENOSPC else { throw Unexpected("filling \(path) stopped with errno \(errno), not ENOSPC") }
    }

    /// Removes what ``fill()`` wrote.
    func free() {
        unlink(filler)
    }

    /// Remounts the file system read-only.
    func makeReadOnly() throws {
        let remounted = try Subprocess.runBlocking("mount", arguments: ["-o", "remount,ro", path])
        guard remounted.exitCode == 0 else {
            throw Unexpected("mount -o remount,ro \(path) exited \(remounted.exitCode): \(remounted.stderrText)")
        }
    }

    /// Remounts the file system writable.
    func makeWritable() throws {
        let remounted = try Subprocess.runBlocking("mount", arguments: ["-o", "remount,rw", path])
        guard remounted.exitCode == 0 else {
            throw Unexpected("mount -o remount,rw \(path) exited \(remounted.exitCode): \(remounted.stderrText)")
        }
    }
}
