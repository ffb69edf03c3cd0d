import AuthflowPrimitives
import AuthflowStorage
import Foundation
import Synchronization

/// Where page templates (the `templates/` folder of HTML files) are looked up, in order.
///
/// Each template is looked up on its own: the first directory that holds the requested file wins. A
/// user's directory (`--templates DIR` or `AUTHFLOW_TEMPLATES`) may therefore hold branded copies of only
/// some pages; every page it lacks falls back to the built-in one, installed next to the binary or found in
/// the source tree.
///
/// The standard search path is:
/// 1. an explicit directory (a user's `--templates DIR`);
/// 2. the directory in the `AUTHFLOW_TEMPLATES` environment variable;
/// 3. `<directory of the running binary>/../share/authflow/templates`, where `make install` puts them;
/// 4. `<repository>/templates`, derived from this source file's path, for `swift run` and tests.
///
/// Pages come in languages: `<directory>/ko/page.html` is the Korean edition of `<directory>/page.html`.
/// With ``languages`` set (`["ko-KR", "ko"]`), each directory is asked for its editions in that order before
/// its English page, so a branded directory's own pages (and its own languages) win over the built-in ones.
/// The partials a page includes (`{{> phone-recaptcha.js}}`) are files looked up the same way (``PageRenderer``).
public struct TemplateDirectory: Sendable, Equatable {
    /// The environment variable naming a templates directory.
    public static let environmentVariable = "AUTHFLOW_TEMPLATES"

    /// Why a directory is in the search path; user directories must exist, built-in ones may be absent.
    public enum Origin: Sendable, Equatable, CustomStringConvertible {
        /// Named by the caller, normally from `--templates`.
        case explicit
        /// Named by the `AUTHFLOW_TEMPLATES` environment variable.
        case environment
        /// Installed beside the binary (`../share/authflow/templates`).
        case installed
        /// The repository's `templates/` folder.
        case sourceTree

        /// Whether a user chose this directory, so its absence is an error worth reporting.
        public var isUserChoice: Bool { self == .explicit || self == .environment }

        public var description: String {
            switch self {
            case .explicit: "the directory given"
            case .environment: TemplateDirectory.environmentVariable
            case .installed: "installed with the binary"
            case .sourceTree: "source tree"
            }
        }
    }

    /// One directory of the search path.
    public struct Location: Sendable, Equatable {
        /// The directory path, as given or derived.
        public var path: String
        /// Why it is searched.
        public var origin: Origin

        /// A directory to search.
        public init(path: String, origin: Origin) {
            self.path = path
            self.origin = origin
        }
    }

    /// A template file that was found.
    public struct Match: Sendable, Equatable {
        /// The file's full path.
        public var path: String
        /// The directory it came from.
        public var location: Location
    }

    /// The directories searched, first match wins.
    public var searchPath: [Location]

    /// The page languages wanted, most preferred first, as subdirectory names (`ko-KR`, `ko`); empty for
    /// English, the pages at the top of each directory.
    public var languages: [String]

    /// A search path given directory by directory; most callers want ``standard(explicit:environment:)``.
    public init(searchPath: [Location], languages: [String] = []) {
        self.searchPath = searchPath
        self.languages = languages.filter(Self.isLanguageName)
    }

    private static let processLanguages = Mutex<[String]>([])

    /// The languages ``standard(explicit:environment:)`` asks for unless told otherwise: the program's
    /// language in force, which the `authflow` command sets once it is known.
    public static var defaultLanguages: [String] {
        get { processLanguages.withLock { $0 } }
        set { processLanguages.withLock { $0 = newValue.filter(isLanguageName) } }
    }

    /// A language subdirectory's name: a BCP 47 tag's letters, digits and hyphens, nothing that leaves the
    /// directory.
    static func isLanguageName(_ name: String) -> Bool {
        !name.isEmpty && name.count <= 35
            && name.unicodeScalars.allSatisfy {
                $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-")
            }
    }

    /// The standard search path (see the type's documentation). An empty `explicit` or environment value
    /// counts as unset. Without `environment`, only `AUTHFLOW_TEMPLATES` is read from the process's own.
    public static func standard(
        explicit: String? = nil,
        environment: [String: String]? = nil
    ) -> TemplateDirectory {
        var path: [Location] = []
        if let explicit, !explicit.isEmpty { path.append(Location(path: explicit, origin: .explicit)) }
        // One variable, not the whole environment as a dictionary: this runs before `authflow listen` is ready,
        // and building the dictionary was most of its cost (callgrind).
        let named = environment.map { $0[environmentVariable] } ?? ProcessEnvironment.value(environmentVariable)
        if let named, !named.isEmpty {
            path.append(Location(path: named, origin: .environment))
        }
        if let installed = installedDirectory { path.append(Location(path: installed, origin: .installed)) }
        path.append(Location(path: sourceTreeDirectory, origin: .sourceTree))
        return TemplateDirectory(searchPath: path, languages: defaultLanguages)
    }

    /// `<dir of /proc/self/exe>/../share/authflow/templates`; `nil` when the executable path is unknown.
    public static var installedDirectory: String? {
        guard let executable = FilePath.runningExecutable() else { return nil }
        let prefix = FilePath.directory(of: FilePath.directory(of: executable))
        return FilePath.join(prefix, "share/authflow/templates")
    }

    /// `<repository>/templates`, found from this file's compile-time path (`Sources/AuthflowListener/Templates/`).
    public static var sourceTreeDirectory: String {
        var root = #filePath
        for _ in 0..<4 { root = FilePath.directory(of: root) }
        return FilePath.join(root, "templates")
    }

    /// Throws when a directory the user chose is missing, so a typo in `--templates` is reported at
    /// start-up instead of silently falling back to the built-in pages.
    public func validateUserDirectories() throws(TemplateError) {
        for location in searchPath where location.origin.isUserChoice && !Self.isDirectory(location.path) {
            throw .directoryMissing(location)
        }
    }

    /// The first directory holding `name`, a plain file name such as `page.html`: in each directory, its
    /// editions in ``languages`` first, then its English page.
    public func locate(_ name: String) throws(TemplateError) -> Match {
        try locate(name, languages: languages)
    }

    /// ``locate(_:)`` for the given languages rather than ``languages``.
    public func locate(_ name: String, languages: [String]) throws(TemplateError) -> Match {
        guard Self.isPlainFileName(name) else { throw .invalidName(name) }
        let editions = languages.filter(Self.isLanguageName).map { "\($0)/\(name)" } + [name]
        for location in searchPath {
            for edition in editions {
                let path = URL(fileURLWithPath: location.path).appendingPathComponent(edition).path
                if Self.isRegularFile(path) { return Match(path: path, location: location) }
            }
        }
        throw .notFound(name: name, searched: searchPath)
    }

    /// Names never leave the directory: no separators, no hidden files, no `..`.
    static func isPlainFileName(_ name: String) -> Bool {
        !name.isEmpty && !name.hasPrefix(".") && !name.contains("/") && !name.contains("\0")
    }

    private static func isDirectory(_ path: String) -> Bool {
        var directory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &directory) && directory.boolValue
    }

    private static func isRegularFile(_ path: String) -> Bool {
        var directory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &directory) && !directory.boolValue
    }
}
