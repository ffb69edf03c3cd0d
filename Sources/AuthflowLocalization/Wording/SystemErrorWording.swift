import AuthflowPrimitives

#if canImport(Glibc)
import Glibc
#endif

/// A system call's failure in the language in force, as a clause without final punctuation. Codes authflow's
/// users meet are worded; any other shows the C library's English text after the code, as `(libc: …)`, a detail
/// to search for. One definition for both front ends that show messages: the CLI and the demo.
extension SystemError {
    /// The failure as a clause in the language in force.
    public var localizedMessage: String {
        switch code {
        case EACCES, EPERM: localized("permission denied")
        case ENOENT: localized("no such file or directory")
        case ENOTDIR: localized("a part of the path is not a directory")
        case EISDIR: localized("it is a directory")
        case EEXIST: localized("it already exists")
        case ENOSPC: localized("no space is left on the device")
        case EDQUOT: localized("the disk quota is used up")
        case EROFS: localized("the file system is read-only")
        case ELOOP: localized("it is a symbolic link, or the path has too many of them")
        case ENAMETOOLONG: localized("the path is too long")
        case EMFILE, ENFILE: localized("too many files are open")
        case EIO: localized("an input/output error occurred")
        case EADDRINUSE: localized("the address is already in use")
        case EADDRNOTAVAIL: localized("the address is not available on this machine")
        case ENOMEM: localized("the system is out of memory")
        case EAGAIN: localized("the resource is temporarily unavailable")
        default: localized("system error \(code)") + " (libc: \(description))"
        }
    }
}
