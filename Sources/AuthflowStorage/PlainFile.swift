import AuthflowPrimitives

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads ordinary files (configuration, documents), which unlike state files may be shared.
package enum PlainFile {
    /// The file's bytes, or nil when it does not exist. `check` sees the open file before it is read.
    ///
    /// Every file authflow reads (state, configuration, documents, templates) comes through here. It is opened
    /// with `O_NONBLOCK` and refused unless `fstat` says it is a regular file: a FIFO planted in a file's place
    /// would otherwise block the open (and then the read) for ever, and a device would be read from. For a
    /// regular file `O_NONBLOCK` changes nothing.
    package static func read(
        _ path: String,
        limit: Int,
        flags: Int32 = 0,
        check: (Int32, stat) throws(StorageError) -> Void = { _, _ in }
    ) throws(StorageError) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | flags)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            throw .read(path: path, reason: .system(.current))
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .read(path: path, reason: .system(.current)) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw .read(path: path, reason: .notARegularFile) }
        try check(descriptor, info)
        return try readAll(descriptor, path: path, limit: limit)
    }

    /// Everything left in `descriptor`, refusing more than `limit` bytes.
    package static func readAll(_ descriptor: Int32, path: String, limit: Int) throws(StorageError) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = SystemCall.read(descriptor, into: &chunk)
            if count < 0 {
                throw .read(path: path, reason: .system(.current))
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<count])
            if bytes.count > limit { throw .corrupt(path: path, reason: .tooLarge(limit: limit)) }
        }
    }

    /// Creates `path` and its missing parents with `mode` (less the umask), as `mkdir -p` does, leaving
    /// existing ones alone: 0755 for shared places such as `~/.local/share/applications`.
    package static func makeDirectories(_ path: String, mode: mode_t = 0o755) throws(StorageError) {
        var info = stat()
        if stat(path, &info) == 0 {
            guard (info.st_mode & S_IFMT) == S_IFDIR else {
                throw .directory(path: path, reason: .notADirectory)
            }
            return
        }
        let parent = FilePath.directory(of: path)
        if parent != path, parent != "/", parent != "." { try makeDirectories(parent, mode: mode) }
        if mkdir(path, mode) != 0, errno != EEXIST {
            throw .directory(path: path, reason: .system(.current))
        }
    }
}
