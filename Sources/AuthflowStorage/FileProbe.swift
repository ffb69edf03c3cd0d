#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Cheap questions about paths.
package enum FileProbe {
    package static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    /// Why someone other than this user could have written what `info` describes: it belongs to another user
    /// (root counts as this user when `trustingRoot`), or its group or others may write it; nil when neither.
    package static func strangerMayWrite(_ info: stat, trustingRoot: Bool) -> StorageProblem? {
        if info.st_uid != geteuid(), !(trustingRoot && info.st_uid == 0) {
            return .ownedByAnotherUser(uid: info.st_uid)
        }
        guard info.st_mode & 0o022 == 0 else { return .writableByOthers(mode: UInt32(info.st_mode & 0o7777)) }
        return nil
    }
}
