import AuthflowTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A `--code-command` runs in a process group of its own that authflow kills on every way out: each signal that
/// ends authflow (SIGHUP, SIGINT, SIGQUIT, SIGUSR1, SIGUSR2, SIGTERM) ends it with 128 + the signal's number and
/// takes the command and whatever it started along; if authflow is killed outright, the command's shell dies
/// with it (PR_SET_PDEATHSIG).
@Suite("authflow phone: the code command's process group")
struct CodeCommandGroupTests {
    /// A code command that records its shell's PID and a background child's, then waits for ever; neither
    /// holds authflow's standard error, so a survivor cannot keep the test waiting for it to close.
    static func hangingCommand(recordingTo path: String) -> String {
        "exec 2>/dev/null; sleep 600 >/dev/null & echo \"$$ $!\" > \(path).tmp && mv \(path).tmp \(path); wait"
    }

    /// The PIDs the command recorded, once it has.
    static func recordedPIDs(_ path: String, while command: InteractiveCommand) async throws -> [pid_t] {
        for _ in 0..<1200 {
            if let text = try? String(contentsOfFile: path, encoding: .utf8) {
                return text.split(whereSeparator: \.isWhitespace).compactMap { pid_t($0) }
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw Unexpected("the code command never ran: \(command.stderrText)")
    }

    /// Whether `pid` still runs (a zombie nobody reaped counts as ended).
    static func isRunning(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return false }
        guard let close = stat.lastIndex(of: ")") else { return false }
        let state = stat[stat.index(close, offsetBy: 2)]
        return state != "Z" && state != "X"
    }

    /// Waits until none of `pids` runs; false if one still does after a generous while.
    static func allEnd(_ pids: [pid_t]) async throws -> Bool {
        for _ in 0..<400 {
            if !pids.contains(where: isRunning) { return true }
            try await Task.sleep(for: .milliseconds(25))
        }
        return false
    }

    @Test(
        "An ending signal while the code command runs: exit 128 + signal, the command and its children are gone",
        .timeLimit(.minutes(1)), arguments: [SIGHUP, SIGINT, SIGQUIT, SIGUSR1, SIGUSR2, SIGTERM])
    func interrupted(signal: Int32) async throws {
        let fixture = try PhoneCLIFixture()
        let record = fixture.directory.file("pids")
        let command = try fixture.start(
            ["phone", "sign-in", "+16505550150", "--code-command", Self.hangingCommand(recordingTo: record)])
        let pids = try await Self.recordedPIDs(record, while: command)
        #expect(pids.count == 2)

        command.send(signal: signal)
        let end = await command.finish()

        #expect(end == .exited(128 + signal), "\(command.stderrText)")
        #expect(!command.stderrText.contains("crashed"), "no crash report")
        #expect(try await Self.allEnd(pids), "the code command's shell and its background child were killed")
        for pid in pids { kill(pid, SIGKILL) }
    }

    @Test("authflow killed outright: the code command's shell dies with it")
    func parentDeath() async throws {
        let fixture = try PhoneCLIFixture()
        let record = fixture.directory.file("pids")
        let command = try fixture.start(
            ["phone", "sign-in", "+16505550151", "--code-command", Self.hangingCommand(recordingTo: record)])
        let pids = try await Self.recordedPIDs(record, while: command)

        command.send(signal: SIGKILL)
        _ = await command.finish()

        #expect(try await Self.allEnd([pids[0]]), "PR_SET_PDEATHSIG took the shell along")
        for pid in pids { kill(pid, SIGKILL) }
    }
}
