import AuthflowPrimitives
import CProcessSpawn

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A directory of files replaced as a whole, so that whatever stops the writer (an error, a full disk, a
/// `kill -9`, a power cut) leaves either the complete previous directory or the complete new one, never a mix:
/// the new tree is written into a fresh private directory beside the target, every file and directory is flushed
/// to disk, and only then are the two swapped in one `renameat2(RENAME_EXCHANGE)`.
package enum DirectoryReplacement {
    /// One file of the new tree: a path relative to the directory (`auth_export/accounts.json`) and its bytes.
    package struct File: Sendable {
        package var path: String
        package var bytes: [UInt8]

        package init(path: String, bytes: [UInt8]) {
            self.path = path
            self.bytes = bytes
        }
    }

    /// Makes `path` hold exactly `files` (files 0600, directories 0700). Until the swap `path` is untouched;
    /// on any failure the new tree is removed and `path` keeps its previous contents. Where the file system
    /// cannot swap in one step, the previous directory is first renamed aside (`.<name>.previous-XXXXXX`) and
    /// then removed. Trees a killed writer left beside `path` are removed first.
    package static func replace(_ path: String, with files: [File]) throws(StorageError) {
        let parent = FilePath.directory(of: path)
        try PlainFile.makeDirectories(parent)
        removeLeftovers(besides: path)
        let staging = try makeStagingDirectory(besides: path)
        do throws(StorageError) {
            try write(files, into: staging)
        } catch {
            removeTree(staging)
            throw error
        }
        var info = stat()
        if lstat(path, &info) != 0 {
            guard errno == ENOENT, rename(staging, path) == 0 else {
                let failure = SystemError.current
                removeTree(staging)
                throw .write(path: path, reason: .system(failure))
            }
            syncDirectory(parent)
            return
        }
        guard (info.st_mode & S_IFMT) == S_IFDIR else {
            removeTree(staging)
            throw .directory(path: path, reason: .notADirectory)
        }
        if authflow_rename_exchange(staging, path) == 0 {
            // `staging` now names the previous tree.
            syncDirectory(parent)
            removeTree(staging)
            syncDirectory(parent)
            return
        }
        let aside = staging + ".previous"
        guard rename(path, aside) == 0 else {
            let failure = SystemError.current
            removeTree(staging)
            throw .write(path: path, reason: .system(failure))
        }
        guard rename(staging, path) == 0 else {
            let failure = SystemError.current
            _ = rename(aside, path)
            removeTree(staging)
            throw .write(path: path, reason: .system(failure))
        }
        syncDirectory(parent)
        removeTree(aside)
        syncDirectory(parent)
    }

    /// The prefix of the staging trees beside `path`.
    private static func stagingPrefix(_ path: String) -> String {
        ".\(FilePath.lastComponent(of: path)).replacing-"
    }

    private static func makeStagingDirectory(besides path: String) throws(StorageError) -> String {
        let template = FilePath.join(FilePath.directory(of: path), stagingPrefix(path) + "XXXXXX")
        var buffer = Array(template.utf8CString)
        let made = buffer.withUnsafeMutableBufferPointer { pointer -> Bool in
            guard let base = pointer.baseAddress else { return false }
            return mkdtemp(base) != nil
        }
        guard made else { throw .write(path: path, reason: .system(.current)) }
        return FilePath.string(fromCString: buffer)
    }

    private static func write(_ files: [File], into root: String) throws(StorageError) {
        var directories: [String] = [root]
        for file in files {
            let target = FilePath.join(root, file.path)
            let directory = FilePath.directory(of: target)
            if !directories.contains(directory) {
                if mkdir(directory, 0o700) != 0, errno != EEXIST {
                    throw .directory(path: directory, reason: .system(.current))
                }
                directories.append(directory)
            }
            let descriptor = open(target, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
            guard descriptor >= 0 else { throw .write(path: target, reason: .system(.current)) }
            let written = SystemCall.writeAll(file.bytes, to: descriptor) && fsync(descriptor) == 0
            let failure = SystemError.current
            close(descriptor)
            guard written else { throw .write(path: target, reason: .system(failure)) }
        }
        for directory in directories.reversed() { syncDirectory(directory) }
    }

    /// Staging trees of writers that were killed before their swap.
    private static func removeLeftovers(besides path: String) {
        let parent = FilePath.directory(of: path)
        let prefix = stagingPrefix(path)
        for name in DirectoryEntries.names(in: parent) ?? [] where name.hasPrefix(prefix) {
            removeTree(FilePath.join(parent, name))
        }
    }

    /// Removes `path` and everything under it; symbolic links are removed, never followed.
    package static func removeTree(_ path: String) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            for name in DirectoryEntries.names(in: path) ?? [] { removeTree(FilePath.join(path, name)) }
            rmdir(path)
        } else {
            unlink(path)
        }
    }

    private static func syncDirectory(_ path: String) {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }
}
