import AuthflowCore
import AuthflowListener
import AuthflowPrimitives
import AuthflowTestSupport
import Foundation

/// The `authflow` binary on a pseudo-terminal (through util-linux `script`), for prompts that only appear
/// on a terminal: the test reads what the terminal shows and types answers once it has seen the prompt.
final class TerminalSession: @unchecked Sendable {
    // Touched only by the test that owns it, one call at a time.
    private let child: ChildProcess
    private let input: Int32
    private let output: Int32
    private(set) var shown: [UInt8] = []

    /// Starts `authflow arguments`; with `thenShow`, the terminal's `stty` settings are printed after it
    /// exits (its status is kept), so a test can see what it left behind. With `rows`, the terminal says it
    /// has that many rows of `columns` columns (otherwise it has no size, as `script` under a pipe makes it).
    init(
        _ arguments: [String], environment: [String: String], thenShowSettings: Bool = false, rows: Int? = nil,
        columns: Int = 100
    ) throws {
        guard let scriptPath = Subprocess.which("script") else {
            throw Unexpected("util-linux script is not installed")
        }
        guard let stdinPipe = ChildPipe.make(), let stdoutPipe = ChildPipe.make() else {
            throw Unexpected("pipe failed")
        }
        var command = ([AuthflowCommand.binaryPath] + arguments).map(Self.shellQuoted).joined(separator: " ")
        if thenShowSettings { command += "; status=$?; echo; echo settings:; stty -a; exit $status" }
        if let rows { command = "stty rows \(rows) cols \(columns); " + command }
        // As AuthflowCommand.run: no proxies and no Firebase settings from the developer's environment.
        var merged = ProcessInfo.processInfo.environment
        for key in ["http_proxy", "https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY"] { merged[key] = "" }
        for key in ConfigurationKey.allCases { merged[key.environmentVariable] = "" }
        merged.merge(environment) { _, new in new }
        merged["SHELL"] = "/bin/sh"
        child = try ChildProcess.spawn(
            scriptPath, arguments: ["-qefc", command, "/dev/null"],
            options: .init(
                environment: merged, standardInput: stdinPipe.read, standardOutput: stdoutPipe.write,
                standardError: stdoutPipe.write))
        close(stdinPipe.read)
        close(stdoutPipe.write)
        input = stdinPipe.write
        output = stdoutPipe.read
    }

    /// Reads what the terminal shows until `text` has appeared; false if the program ended first. The reads block
    /// a thread of their own, not one of the cooperative pool the other tests share.
    func waitFor(_ text: String) async -> Bool {
        await DetachedThread.value { [self] in
            while !String(decoding: shown, as: UTF8.self).contains(text) {
                guard readMore() else { return false }
            }
            return true
        }
    }

    /// Types `text` at the terminal.
    func type(_ text: String) {
        _ = text.utf8CString.withUnsafeBufferPointer { write(input, $0.baseAddress, $0.count - 1) }
    }

    /// Waits for the exit (on a thread of its own, as ``waitFor(_:)``); what the terminal showed is in ``shown``.
    func finish() async -> ChildProcess.Termination {
        await DetachedThread.value { [self] in
            while readMore() {}
            close(input)
            close(output)
            return child.wait()
        }
    }

    private func readMore() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(output, &chunk, chunk.count)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return false }
            shown += chunk[..<count]
            return true
        }
    }

    private static func shellQuoted(_ argument: String) -> String {
        "'" + argument.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
