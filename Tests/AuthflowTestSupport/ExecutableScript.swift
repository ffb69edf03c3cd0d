import AuthflowListener
import Foundation

/// Writes a script tests run as a program.
///
/// Executing a file fails with ETXTBSY ("text file busy") while any process has it open for writing, and a
/// descriptor this process opened, even close-on-exec, is copied into every child another test spawns meanwhile
/// and stays open there until that child's `exec`, which a loaded machine can delay. So this process never opens
/// the script: a short-lived `sh` writes it from a pipe and exits before this returns.
public enum ExecutableScript {
    public static func write(_ text: String, to path: String) throws {
        guard let input = ChildPipe.make() else { throw CocoaError(.fileWriteUnknown) }
        let child: ChildProcess
        do {
            child = try ChildProcess.spawn(
                "/bin/sh", arguments: ["-c", #"cat > "$1" && chmod 755 "$1""#, "sh", path],
                options: .init(standardInput: input.read))
        } catch {
            close(input.read)
            close(input.write)
            throw CocoaError(.fileWriteUnknown)
        }
        close(input.read)
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Foundation.write(input.write, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR { continue }
            if written <= 0 { break }
            offset += written
        }
        close(input.write)
        guard child.wait() == .exited(0), offset == bytes.count else { throw CocoaError(.fileWriteUnknown) }
    }
}
