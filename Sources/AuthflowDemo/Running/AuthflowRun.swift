import AuthflowListener
import AuthflowLocalization
import AuthflowPrimitives
import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// One `authflow …` command of the tour, running as a child process exactly as a user would run it.
///
/// Shown mode: its output streams, indented, under the command line; its standard output is also kept so the
/// tour can read what it printed (a URL to open, a JSON reply), and the tour can type into its standard
/// input. Interactive mode: it gets the terminal itself, so a person answers its prompts.
final class AuthflowRun: Sendable {
    let arguments: [String]
    private let child: ChildProcess
    private let input: Mutex<Int32?>
    private let output: OutputCollector?
    private let narrator: DemoNarrator

    private init(
        arguments: [String], child: ChildProcess, input: Int32?, narrator: DemoNarrator, output: OutputCollector?
    ) {
        self.arguments = arguments
        self.child = child
        self.input = Mutex(input)
        self.narrator = narrator
        self.output = output
    }

    /// Shows the command line and starts `executable` with `arguments`.
    static func start(
        _ arguments: [String], executable: String, environment: [String: String], narrator: DemoNarrator,
        interactive: Bool
    ) throws(DemoFailure) -> AuthflowRun {
        narrator.command(["authflow"] + arguments)
        if interactive {
            let child = try spawn(
                executable, arguments,
                .init(
                    environment: environment, standardInput: STDIN_FILENO, standardOutput: STDOUT_FILENO,
                    standardError: STDERR_FILENO))
            return AuthflowRun(arguments: arguments, child: child, input: nil, narrator: narrator, output: nil)
        }
        guard let stdin = ChildPipe.make(), let stdout = ChildPipe.make(), let stderr = ChildPipe.make() else {
            throw .setup(
                localized(
                    "Could not create pipes for `authflow \(arguments.first ?? "")`: "
                        + "\(SystemError.current.localizedMessage)."
                ))
        }
        let child: ChildProcess
        do {
            child = try spawn(
                executable, arguments,
                .init(
                    environment: environment, standardInput: stdin.read, standardOutput: stdout.write,
                    standardError: stderr.write))
        } catch {
            for descriptor in [stdin.read, stdin.write, stdout.read, stdout.write, stderr.read, stderr.write] {
                close(descriptor)
            }
            throw error
        }
        close(stdin.read)
        close(stdout.write)
        close(stderr.write)
        let output = OutputCollector(narrator: narrator)
        output.read(stdout.read, keep: true)
        output.read(stderr.read, keep: false)
        return AuthflowRun(arguments: arguments, child: child, input: stdin.write, narrator: narrator, output: output)
    }

    private static func spawn(
        _ executable: String, _ arguments: [String], _ options: ChildProcess.Options
    ) throws(DemoFailure) -> ChildProcess {
        do {
            return try ChildProcess.spawn(executable, arguments: arguments, options: options)
        } catch {
            throw .setup(
                localized(
                    "\(error) The demo runs authflow's own commands; run it from an installed or built authflow."))
        }
    }

    /// Types `line` into the command's standard input, as a person at the terminal would.
    func type(_ line: String, shown: String? = nil) {
        guard let input = input.withLock({ $0 }) else { return }
        narrator.typed(shown ?? line)
        SystemCall.writeAll(Array((line + "\n").utf8), to: input)
    }

    /// Whether the command has the terminal (a person answers it) rather than the tour.
    var isInteractive: Bool { output == nil }

    /// Whether the command has ended.
    var hasEnded: Bool { child.poll() != nil }

    /// Everything the command has printed on standard output so far.
    var standardOutput: String { output?.standardOutput ?? "" }

    /// Waits, up to `limit`, for a line of output (either stream) that `match` accepts; returns what it
    /// returned, or nil if the command ended first.
    func waitForOutput<T: Sendable>(limit: Duration, _ match: @Sendable (Substring) -> T?) async -> T? {
        let deadline = ContinuousClock.now + limit
        while ContinuousClock.now < deadline {
            for line in (output?.everything ?? "").split(separator: "\n") {
                if let found = match(line) { return found }
            }
            if child.poll() != nil { return nil }
            try? await Task.sleep(for: .milliseconds(50))
        }
        return nil
    }

    /// Waits for the command to end; fails with its status unless it is `expected` (0: success).
    func finish(expecting expected: Int32 = 0, closingInputFirst: Bool = true) async throws(DemoFailure) {
        defer { closeInput() }
        if closingInputFirst { closeInput() }
        let child = self.child
        let output = self.output
        // Ctrl-C on the tour ends the command it waits for, so the tour can clean up.
        let termination = await withTaskCancellationHandler {
            await DetachedThread.value {
                let end = child.wait()
                // The output must be shown before the next line of the tour.
                while output.map({ !$0.isDrained }) ?? false { usleep(2000) }
                return end
            }
        } onCancel: {
            child.send(SIGTERM)
        }
        switch termination {
        case .exited(expected):
            return
        case .exited(let status):
            throw .command(["authflow"] + arguments, status: status)
        case .signalled(let signal):
            throw .command(["authflow"] + arguments, status: 128 + signal)
        }
    }

    private func closeInput() {
        if let input = input.withLock({ descriptor in
            defer { descriptor = nil }
            return descriptor
        }) {
            close(input)
        }
    }

    /// Keeps this command's further output back while the tour runs another command in the foreground, so that
    /// each command's output stays under its own line; ``finish(continuing:)`` shows it.
    func holdOutput() {
        output?.hold()
    }

    /// Waits for a command whose output was held (``holdOutput()``) to end, then shows that output under `note`,
    /// whether it succeeded or not.
    func finish(continuing note: String) async throws(DemoFailure) {
        do {
            // Its standard input stays open until it ends: closing it first would race the answer handed over
            // with "standard input ended".
            try await finish(closingInputFirst: false)
        } catch {
            showHeld(note)
            throw error
        }
        showHeld(note)
    }

    private func showHeld(_ note: String) {
        let lines = output?.release() ?? []
        guard !lines.isEmpty else { return }
        narrator.say(note)
        for line in lines { narrator.output(line) }
    }

    /// Stops a command the tour no longer waits for.
    func stop() async {
        child.send(SIGTERM)
        _ = try? await finish()
    }
}

/// Reads a child's standard output and error on threads of their own: shows each line as it comes, keeps
/// standard output for the tour to read, and says when both streams have ended.
private final class OutputCollector: Sendable {
    private let narrator: DemoNarrator
    private let printed = Mutex("")
    private let shown = Mutex("")
    private let open = Atomic<Int>(0)
    /// Lines kept back instead of shown, while holding.
    private let held = Mutex<[String]?>(nil)

    init(narrator: DemoNarrator) {
        self.narrator = narrator
    }

    var standardOutput: String { printed.withLock { $0 } }
    /// Both streams, as shown.
    var everything: String { shown.withLock { $0 } }
    var isDrained: Bool { open.load(ordering: .acquiring) == 0 }

    func read(_ descriptor: Int32, keep: Bool) {
        open.add(1, ordering: .relaxed)
        Thread { [self] in
            var pending: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 4096)
            // A prompt (text without its newline) is shown once the command has gone quiet after it, where a
            // terminal would show it; the newline that later ends it is then not a line of its own.
            var shownPartly = false
            while true {
                var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                if !pending.isEmpty, SystemCall.retryingInterrupts({ poll(&ready, 1, 300) }) == 0 {
                    deliver(String(decoding: pending, as: UTF8.self), keep: keep)
                    pending.removeAll()
                    shownPartly = true
                    continue
                }
                let count = SystemCall.read(descriptor, into: &chunk)
                guard count > 0 else { break }
                pending += chunk[..<count]
                while let newline = pending.firstIndex(of: 10) {
                    if !(shownPartly && newline == 0) {
                        deliver(String(decoding: pending[..<newline], as: UTF8.self), keep: keep)
                    }
                    shownPartly = false
                    pending.removeSubrange(...newline)
                }
            }
            if !pending.isEmpty { deliver(String(decoding: pending, as: UTF8.self), keep: keep) }
            close(descriptor)
            open.subtract(1, ordering: .releasing)
        }.start()
    }

    /// Keeps the lines that arrive from now on, instead of showing them.
    func hold() {
        held.withLock { lines in if lines == nil { lines = [] } }
    }

    /// The lines kept since ``hold()``; the lines after this are shown again.
    func release() -> [String] {
        held.withLock { lines in
            defer { lines = nil }
            return lines ?? []
        }
    }

    private func deliver(_ line: String, keep: Bool) {
        let isHeld = held.withLock { lines in
            guard lines != nil else { return false }
            lines?.append(line)
            return true
        }
        if !isHeld { narrator.output(line) }
        shown.withLock { $0 += line + "\n" }
        if keep { printed.withLock { $0 += line + "\n" } }
    }
}
