import AuthflowStorage

/// Why a page template could not be found, read or parsed. Each description names the file or the places
/// searched, so a user with a branded templates directory can fix the problem without reading code.
public enum TemplateError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The name is not a plain file name (it holds `/`, is empty, or starts with `.`).
    case invalidName(String)
    /// No directory in the search path holds the file; `searched` lists each directory with its origin.
    case notFound(name: String, searched: [TemplateDirectory.Location])
    /// A directory the user named (explicitly, or in `AUTHFLOW_TEMPLATES`) does not exist or is not a directory.
    case directoryMissing(TemplateDirectory.Location)
    /// The file exists but could not be read as UTF-8 text.
    case unreadable(path: String, reason: StorageProblem)
    /// The file is not valid Mustache; `line` and `column` are 1-based.
    case syntax(path: String, line: Int, column: Int, reason: TemplateSyntaxProblem)

    public var description: String {
        switch self {
        case .invalidName(let name):
            return "\"\(name)\" is not a template file name: use a plain name such as \"page.html\"."
        case .notFound(let name, let searched):
            let places = searched.map { "  \($0.path) (\($0.origin.description))" }.joined(separator: "\n")
            return "Template \(name) was not found. Looked in:\n\(places)\n"
                + "Install the templates, or point the templates directory or AUTHFLOW_TEMPLATES at a directory "
                + "holding it."
        case .directoryMissing(let location):
            return "The templates directory \(location.path) (from \(location.origin.description)) does not exist "
                + "or is not a directory: check the path."
        case .unreadable(let path, let reason):
            return "Cannot read the template \(path) (\(reason)): check its permissions and that it is UTF-8 text."
        case .syntax(let path, let line, let column, let reason):
            return "The template \(path) has a Mustache syntax error at line \(line), column \(column) (\(reason)): "
                + "fix the tag there, or delete the file to use the built-in template."
        }
    }
}
