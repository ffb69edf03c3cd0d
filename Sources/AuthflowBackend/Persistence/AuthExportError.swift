import AuthflowStorage

/// Why an export of the Auth Emulator's data (firebase-tools' layout, ``EmbeddedBackend/importData(from:)``)
/// could not be read or written. Nothing is loaded from an export that fails, and a failed write leaves the
/// previous export as it was.
public enum AuthExportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The directory has no `firebase-export-metadata.json` (it does not exist, or is no export).
    case notAnExport(directory: String)
    /// A file of the export could not be read, or the new export could not be written.
    case storage(StorageError)
    /// A file of the export is not in the format: which file, which entry and field, and what is wrong.
    case malformed(AuthExportFault)
    /// Writing an export to `directory` would destroy something that is not this emulator's export there.
    case occupied(directory: String, holding: AuthExportOccupant)

    /// The error in English, for logs, the export endpoint's reply and embedders.
    public var description: String {
        switch self {
        case .notAnExport(let directory):
            "\(directory) is not an emulator export: it has no \(AuthExportLayout.metadataFile)"
        case .storage(let error): error.description
        case .malformed(let fault): fault.description
        case .occupied(let directory, .files): "\(directory) is not empty and is not an emulator export"
        case .occupied(let directory, .otherEmulators(let names)):
            "\(directory) also holds the export of \(names.joined(separator: ", ")), which this export would remove"
        }
    }
}

/// What a directory an export would replace holds besides an Auth export.
public enum AuthExportOccupant: Sendable, Equatable {
    /// Files, but no `firebase-export-metadata.json`.
    case files
    /// The metadata names other emulators' exports (`firestore`, `database`, `storage`, …), in its order.
    case otherEmulators([String])
}

/// One defect of an export file.
public struct AuthExportFault: Sendable, Equatable, CustomStringConvertible {
    /// The file's path.
    public var file: String
    /// The account entry (in `users`), when the defect is in one.
    public var entry: AuthExportEntry?
    /// The field, as a path inside the entry or file (`email`, `mfaInfo/0/phoneInfo`, `auth/path`).
    public var field: String?
    public var problem: AuthExportProblem

    public init(file: String, entry: AuthExportEntry? = nil, field: String? = nil, problem: AuthExportProblem) {
        self.file = file
        self.entry = entry
        self.field = field
        self.problem = problem
    }

    public var description: String {
        var place = file
        if let entry { place += ", entry \(entry.index)" + (entry.localId.map { " (localId \($0))" } ?? "") }
        if let field { place += ", field \(field)" }
        return "\(place): \(problem)"
    }
}

/// An account entry of an accounts file: its position in `users` (from 0) and its `localId`, if it has one.
public struct AuthExportEntry: Sendable, Equatable {
    public var index: Int
    public var localId: String?

    public init(index: Int, localId: String?) {
        self.index = index
        self.localId = localId
    }
}

/// What is wrong with a file, an entry or a field of an export.
public enum AuthExportProblem: Sendable, Equatable, CustomStringConvertible {
    /// The file is not JSON; `detail` is the parser's message (`Unexpected token } in JSON at position 7`).
    case notJSON(detail: String)
    /// The value must be a JSON value of this type.
    case wrongType(expected: AuthExportValueType)
    /// A required field is missing.
    case missing
    /// Another entry of the file has the same value.
    case duplicate
    /// The path leaves the export directory (absolute, or with `..`).
    case outsideExport
    /// The emulator refused the entry while importing it, with this message (`email is invalid`).
    case refused(message: String)

    public var description: String {
        switch self {
        case .notJSON(let detail): "not JSON (\(detail))"
        case .wrongType(let expected): "must be \(expected.rawValue)"
        case .missing: "missing"
        case .duplicate: "the same as in an earlier entry"
        case .outsideExport: "it points outside the export directory"
        case .refused(let message): "refused by the emulator: \(message)"
        }
    }
}

/// The JSON types an export's fields have.
public enum AuthExportValueType: String, Sendable, Equatable {
    case object = "an object"
    case array = "an array"
    case string = "a string"
    case boolean = "a boolean"
    case number = "a number"
}
