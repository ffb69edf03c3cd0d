import Foundation

/// Writes a script tests run as a program.
///
/// Executing a file fails with ETXTBSY ("text file busy") while any process has it open for writing, and a
/// descriptor this process opened, even close-on-exec, is copied into every child another test spawns meanwhile
/// and stays open there until that child's `exec`, which a loaded machine can delay. So this process never opens
/// the script: `install` copies it from standard input and has exited before this returns.
public enum ExecutableScript {
    public static func write(_ text: String, to path: String) throws {
        let result = try Subprocess.runBlocking(
            "install", arguments: ["-m", "755", "/dev/stdin", path], stdin: Array(text.utf8))
        guard result.succeeded else {
            throw Subprocess.Failure(description: "install could not write \(path): \(result.stderrText)")
        }
    }
}
