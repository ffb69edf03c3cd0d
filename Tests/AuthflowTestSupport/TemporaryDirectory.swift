import Foundation

/// A fresh directory under the system temporary directory, deleted with everything in it when released.
public final class TemporaryDirectory: Sendable {
    public let path: String

    public var url: URL { URL(fileURLWithPath: path, isDirectory: true) }

    public init(prefix: String = "authflow-test") throws {
        var template = Array("\(NSTemporaryDirectory())/\(prefix).XXXXXX".utf8CString)
        guard let created = mkdtemp(&template) else {
            throw CocoaError(
                .fileWriteUnknown,
                userInfo: [NSLocalizedDescriptionKey: "mkdtemp failed: \(String(cString: strerror(errno)))"])
        }
        path = String(cString: created)
    }

    /// The path of `name` inside this directory.
    public func file(_ name: String) -> String {
        url.appendingPathComponent(name).path
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }
}
