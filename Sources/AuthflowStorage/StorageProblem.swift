import AuthflowPrimitives

/// What exactly went wrong with a state file or directory, for a front end to word.
public enum StorageProblem: Sendable, Hashable, CustomStringConvertible {
    /// A system call failed.
    case system(SystemError)
    /// The path exists and is not a directory.
    case notADirectory
    /// The path exists and is not a regular file.
    case notARegularFile
    /// The file or directory belongs to another user.
    case ownedByAnotherUser(uid: UInt32)
    /// The directory could not be restricted to mode 0700.
    case cannotRestrictMode(SystemError)
    /// The file could not be removed.
    case cannotRemove(SystemError)
    /// The file is larger than `limit` bytes.
    case tooLarge(limit: Int)
    /// The file does not exist.
    case noSuchFile
    /// The file is not UTF-8 text.
    case notUTF8
    /// The file is not a document authflow wrote.
    case notAuthflowDocument
    /// The document has format `found`; this version reads format `expected`.
    case unsupportedFormat(found: Int, expected: Int)
    /// The document could not be encoded.
    case unencodable
    /// The session file holds a session of project `found`, not of `expected`.
    case otherProject(found: String, expected: String)
    /// An error of an unexpected type, named by `type`, ended the operation.
    case unexpected(type: String)
    /// The path is a symbolic link where a real directory is required.
    case symbolicLink
    /// The directory can be written by other users (its permission bits are `mode`).
    case writableByOthers(mode: UInt32)

    /// The problem in English, for logs and embedders.
    public var description: String {
        switch self {
        case .system(let error): error.description
        case .notADirectory: "it exists and is not a directory"
        case .notARegularFile: "not a regular file"
        case .ownedByAnotherUser(let uid): "it belongs to another user (uid \(uid))"
        case .symbolicLink: "it is a symbolic link"
        case .writableByOthers(let mode): "other users can write to it (mode \(String(mode, radix: 8)))"
        case .cannotRestrictMode(let error): "cannot restrict it to mode 0700: \(error)"
        case .cannotRemove(let error): "cannot remove it: \(error)"
        case .tooLarge(let limit): "larger than \(limit) bytes"
        case .noSuchFile: "no such file"
        case .notUTF8: "not UTF-8"
        case .notAuthflowDocument: "not a document authflow wrote"
        case .unsupportedFormat(let found, let expected): "format \(found), this version reads format \(expected)"
        case .unencodable: "cannot encode the document"
        case .otherProject(let found, let expected): "it holds a session of project \(found), not of \(expected)"
        case .unexpected(let type): "unexpected \(type)"
        }
    }
}
