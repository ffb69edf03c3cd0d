#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The names in a directory, read with `opendir`/`readdir`: what `FileManager.contentsOfDirectory(atPath:)`
/// returns (every entry but `.` and `..`, hidden ones included, in no particular order), without Foundation's
/// path machinery, which cost `handle-url` ~0.33 M instructions and a first protocol-conformance lookup for one
/// listing of the rendezvous directory (callgrind).
package enum DirectoryEntries {
    /// The entries' names, or nil when `directory` cannot be opened (missing, not a directory, no permission).
    package static func names(in directory: String) -> [String]? {
        guard let handle = opendir(directory) else { return nil }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names
    }
}
