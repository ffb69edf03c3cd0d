import Foundation

/// Writes a script tests run as a program.
///
/// Foundation's file writing leaves its descriptor inheritable, so a child spawned meanwhile by another test
/// keeps the script open for writing and executing it fails with ETXTBSY ("text file busy"). Here the
/// descriptor is close-on-exec.
public enum ExecutableScript {
    public static func write(_ text: String, to path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
        guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown) }
        defer { close(descriptor) }
        let bytes = Array(text.utf8)
        guard bytes.withUnsafeBytes({ Foundation.write(descriptor, $0.baseAddress, $0.count) }) == bytes.count else {
            throw CocoaError(.fileWriteUnknown)
        }
    }
}
