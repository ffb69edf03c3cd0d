/// What a finished (or killed) subprocess left behind.
public struct SubprocessResult: Sendable {
    /// The exit status, or the signal number when ``terminatedBySignal`` is true.
    public let exitCode: Int32
    public let terminatedBySignal: Bool
    public let stdout: [UInt8]
    public let stderr: [UInt8]
    /// True when the time limit ran out and the process was killed.
    public let timedOut: Bool

    public var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
    public var stderrText: String { String(decoding: stderr, as: UTF8.self) }

    /// Exited normally with status 0 in time.
    public var succeeded: Bool { !timedOut && !terminatedBySignal && exitCode == 0 }
}
