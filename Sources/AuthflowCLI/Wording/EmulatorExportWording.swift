import AuthflowBackend
import AuthflowLocalization
import AuthflowPrimitives
import AuthflowStorage

extension AuthExportError {
    /// Why `--import` or `--export-on-exit` failed, in the language in force; paths, IDs and the emulator's own
    /// refusals are quoted (they come from the files).
    var cliMessage: String {
        switch self {
        case .notAnExport(let directory):
            localized(
                "\(QuotedText.quoted(directory)) is not an emulator export: it has no firebase-export-metadata.json. "
                    + "Give the directory an export was written to (it holds firebase-export-metadata.json and "
                    + "auth_export/).")
        case .storage(.directory(let path, let reason)):
            localized("Cannot use the export directory \(QuotedText.quoted(path)): \(reason.cliMessage).")
        case .storage(let error):
            error.cliMessage
        case .malformed(let fault):
            fault.cliMessage
        case .occupied(let directory, .files):
            localized(
                "Refusing to export to \(QuotedText.quoted(directory)): it holds files and is not an emulator "
                    + "export, and an export replaces the whole directory. Choose a new or empty directory, or one "
                    + "an export was written to.")
        case .occupied(let directory, .otherEmulators(let names)):
            localized(
                "Refusing to export to \(QuotedText.quoted(directory)): it also holds the export of "
                    + "\(names.map(QuotedText.quoted).joined(separator: ", ")), which replacing it would lose. "
                    + "Choose another directory.")
        }
    }
}

extension AuthExportFault {
    /// The file, entry and field, then what is wrong.
    var cliMessage: String {
        var place = [QuotedText.quoted(file)]
        if let entry {
            if let localId = entry.localId {
                place.append(localized("entry \(entry.index) (localId \(QuotedText.quoted(localId)))"))
            } else {
                place.append(localized("entry \(entry.index)"))
            }
        }
        if let field { place.append(localized("field \(QuotedText.quoted(field))")) }
        return localized(
            "The import stopped at \(place.joined(separator: ", ")): \(problem.cliMessage). Nothing was imported; "
                + "fix the file and start the emulator again.")
    }
}

extension AuthExportProblem {
    /// What is wrong, as a clause without final punctuation.
    var cliMessage: String {
        switch self {
        case .notJSON(let detail): localized("it is not JSON (\(detail))")
        case .wrongType(.object): localized("it must be a JSON object")
        case .wrongType(.array): localized("it must be a JSON array")
        case .wrongType(.string): localized("it must be a string")
        case .wrongType(.boolean): localized("it must be true or false")
        case .wrongType(.number): localized("it must be a number")
        case .missing: localized("it is missing")
        case .duplicate: localized("an earlier entry has the same value")
        case .outsideExport: localized("it points outside the export directory")
        case .refused(let message): localized("the emulator refused it: \(QuotedText.quoted(message))")
        }
    }
}
