import AuthflowPrimitives

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Files only this user can read, replaced atomically, so that a crash or a `kill -9` at any moment leaves
/// either the old version or the new one, never a mix. Embedders can keep their own secrets the same way.
public enum SecureFile {
    /// Creates `path` and any missing parents (mode 0700), and tightens `path` itself to 0700 when it already
    /// exists with looser permissions. A directory owned by someone else is refused: its owner could read or
    /// swap our secrets.
    public static func makePrivateDirectory(_ path: String) throws(StorageError) {
        var info = stat()
        if lstat(path, &info) != 0 {
            guard errno == ENOENT else {
                throw .directory(path: path, reason: .system(.current))
            }
            let parent = FilePath.directory(of: path)
            if parent != path, parent != "/", parent != "." {
                try makeParentDirectory(parent)
            }
            if mkdir(path, 0o700) != 0, errno != EEXIST {
                throw .directory(path: path, reason: .system(.current))
            }
            guard lstat(path, &info) == 0 else {
                throw .directory(path: path, reason: .system(.current))
            }
        }
        if (info.st_mode & S_IFMT) == S_IFLNK {
            // A symlinked state directory is the user's choice; judge what it points at.
            guard stat(path, &info) == 0 else { throw .directory(path: path, reason: .system(.current)) }
        }
        guard (info.st_mode & S_IFMT) == S_IFDIR else {
            throw .directory(path: path, reason: .notADirectory)
        }
        guard info.st_uid == geteuid() else {
            throw .directory(path: path, reason: .ownedByAnotherUser(uid: info.st_uid))
        }
        if info.st_mode & 0o077 != 0, chmod(path, 0o700) != 0 {
            throw .directory(path: path, reason: .cannotRestrictMode(.current))
        }
    }

    /// ``makePrivateDirectory(_:)`` for a directory in a place others can write to (`/tmp`), where a stranger
    /// may have made it first: it must be a real directory (a symbolic link is refused, not followed), this
    /// user's, and writable by nobody else. A mode that only lets others read or search it is tightened to 0700.
    package static func makeSharedPlacePrivateDirectory(_ path: String) throws(StorageError) {
        var info = stat()
        if lstat(path, &info) != 0 {
            guard errno == ENOENT else { throw .directory(path: path, reason: .system(.current)) }
            try makePrivateDirectory(path)
            guard lstat(path, &info) == 0 else { throw .directory(path: path, reason: .system(.current)) }
        }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: break
        case S_IFLNK: throw .directory(path: path, reason: .symbolicLink)
        default: throw .directory(path: path, reason: .notADirectory)
        }
        if let problem = FileProbe.strangerMayWrite(info, trustingRoot: false) {
            throw .directory(path: path, reason: problem)
        }
        if info.st_mode & 0o077 != 0, chmod(path, 0o700) != 0 {
            throw .directory(path: path, reason: .cannotRestrictMode(.current))
        }
    }

    /// Parents outside our own directories (`~/.local/state`) are created 0700 as XDG asks, but left alone
    /// when they exist.
    private static func makeParentDirectory(_ path: String) throws(StorageError) {
        try PlainFile.makeDirectories(path, mode: 0o700)
    }

    /// Writes `bytes` to a new temporary file beside `path` (mode 0600), flushes it to disk, renames it over
    /// `path` and flushes the directory. The directory must already exist and be private.
    public static func writeAtomically(_ bytes: [UInt8], to path: String) throws(StorageError) {
        try writeAtomically(bytes, to: path, mode: 0o600)
    }

    /// `writeAtomically(_:to:)` for files others may read (desktop entries, `mimeapps.list`): same steps,
    /// with the file ending up as `mode`.
    package static func writeAtomically(_ bytes: [UInt8], to path: String, mode: mode_t) throws(StorageError) {
        let directory = FilePath.directory(of: path)
        let (descriptor, temporary) = try makeTemporary(besides: path)
        var failure: StorageProblem?
        if fchmod(descriptor, mode) != 0 {
            failure = .system(.current)
        } else if let problem = writeAll(bytes, to: descriptor) {
            failure = problem
        } else if fsync(descriptor) != 0 {
            failure = .system(.current)
        }
        close(descriptor)
        if failure == nil, rename(temporary, path) != 0 {
            failure = .system(.current)
        }
        if let failure {
            unlink(temporary)
            throw .write(path: path, reason: failure)
        }
        syncDirectory(directory)
    }

    /// Checks that `byteCount` bytes could be written beside `path` right now: creates the temporary file a
    /// write would, fills it, flushes it to disk and removes it, throwing what a write would throw (no space
    /// left, a read-only file system, no permission, a quota). Call it before something that cannot be undone
    /// and whose result must then be saved, such as spending a one-time code. The directory must exist.
    public static func checkWritable(besides path: String, byteCount: Int) throws(StorageError) {
        let (descriptor, temporary) = try makeTemporary(besides: path)
        var failure: StorageProblem?
        if let problem = writeAll([UInt8](repeating: 0x20, count: max(0, byteCount)), to: descriptor) {
            failure = problem
        } else if fsync(descriptor) != 0 {
            failure = .system(.current)
        }
        close(descriptor)
        unlink(temporary)
        if let failure { throw .write(path: path, reason: failure) }
    }

    /// A new empty file (mode 0600) beside `path`, named as ``removeLeftovers(besides:)`` finds it, and its
    /// descriptor.
    private static func makeTemporary(besides path: String) throws(StorageError) -> (Int32, String) {
        let directory = FilePath.directory(of: path)
        var template = Array(FilePath.join(directory, ".\(FilePath.lastComponent(of: path)).XXXXXX.tmp").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return -1 }
            return mkstemps(base, 4)
        }
        guard descriptor >= 0 else { throw .write(path: path, reason: .system(.current)) }
        return (descriptor, FilePath.string(fromCString: template))
    }

    /// The file's bytes, or nil when it does not exist. A file readable by others is tightened to 0600
    /// before it is read; one owned by another user is refused.
    public static func read(_ path: String, limit: Int = 4 << 20) throws(StorageError) -> [UInt8]? {
        // O_NOFOLLOW: a symlink planted in place of a state file must not make us read (or chmod) its target.
        try PlainFile.read(path, limit: limit, flags: O_NOFOLLOW) { descriptor, info throws(StorageError) in
            guard info.st_uid == geteuid() else {
                throw .read(path: path, reason: .ownedByAnotherUser(uid: info.st_uid))
            }
            if info.st_mode & 0o077 != 0 { _ = fchmod(descriptor, 0o600) }
        }
    }

    /// Removes `path`; a file that is already gone is not an error.
    public static func remove(_ path: String) throws(StorageError) {
        if unlink(path) != 0, errno != ENOENT {
            throw .write(path: path, reason: .cannotRemove(.current))
        }
        syncDirectory(FilePath.directory(of: path))
    }

    /// Temporary files a killed writer left behind beside `path`. Call only while holding the state lock.
    package static func removeLeftovers(besides path: String) {
        let directory = FilePath.directory(of: path)
        let prefix = ".\(FilePath.lastComponent(of: path))."
        for name in DirectoryEntries.names(in: directory) ?? [] where name.hasPrefix(prefix) && name.hasSuffix(".tmp") {
            unlink(FilePath.join(directory, name))
        }
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> StorageProblem? {
        SystemCall.writeAll(bytes, to: descriptor) ? nil : .system(.current)
    }

    /// Makes the rename itself durable; without this a power cut can lose it even after fsync of the file.
    private static func syncDirectory(_ path: String) {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }
}
