import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// The process groups of the user's commands running now (``ChildProcess/Options/ownGroup``), so a
/// signal that ends authflow (``EndingSignals``) ends them too.
///
/// While at least one runs, each of ``EndingSignals/all``, when nothing else of ours handles it (its action is
/// the default), gets a handler that kills every registered group and exits with 128 + the signal's number:
/// the group is in a process group of its own, so the terminal's Ctrl-C no longer reaches it by itself, and a
/// signal's default action would end authflow alone, leaving the command's children running.
/// When a caller already catches the signals (a wait on the browser), its own cancellation stops the
/// command, which kills the group too.
package enum ChildGroups {
    /// Registers `pid` (a group leader); returns the slot to give back to ``unregister(_:)``, or `nil` when
    /// every slot is taken (the group is then still killed on the usual ways out, just not by the handler).
    package static func register(_ pid: pid_t) -> Int? {
        installed.withLock { state -> Int? in
            guard let slot = (0..<slotCount).first(where: { loadGroup($0) == 0 }) else {
                return nil
            }
            storeGroup(pid, in: slot)
            state.running += 1
            if state.running == 1 { state.previous = installHandlers() }
            return slot
        }
    }

    /// Forgets the group in `slot`, restoring the signals' actions once none runs.
    package static func unregister(_ slot: Int) {
        installed.withLock { state in
            storeGroup(0, in: slot)
            state.running -= 1
            if state.running == 0 {
                restore(state.previous)
                state.previous = []
            }
        }
    }

    /// Holds the calling thread for good once the signal handler has begun ending the process, so a thread that
    /// saw the killed command end cannot report that and exit with another status before the handler's.
    package static func holdIfExiting() {
        guard exitingForSignal.load(ordering: .sequentiallyConsistent) else { return }
        while true { pause() }
    }

    private static let slotCount = 4
    private static let installed = Mutex<(running: Int, previous: [(Int32, sigaction)])>((0, []))

    private static func storeGroup(_ pid: pid_t, in slot: Int) {
        // Atomics cannot live in an array; four globals are enough for the commands of one run.
        switch slot {
        case 0: runningGroup0.store(pid, ordering: .sequentiallyConsistent)
        case 1: runningGroup1.store(pid, ordering: .sequentiallyConsistent)
        case 2: runningGroup2.store(pid, ordering: .sequentiallyConsistent)
        default: runningGroup3.store(pid, ordering: .sequentiallyConsistent)
        }
    }

    /// Installs the handler for the ending signals whose action is the default; returns what it replaced.
    private static func installHandlers() -> [(Int32, sigaction)] {
        var replaced: [(Int32, sigaction)] = []
        for signal in EndingSignals.all {
            var current = sigaction()
            guard sigaction(signal, nil, &current) == 0, current.__sigaction_handler.sa_handler == nil else { continue }
            var handler = sigaction()
            handler.__sigaction_handler.sa_handler = killRunningGroupsAndExit
            sigemptyset(&handler.sa_mask)
            if sigaction(signal, &handler, nil) == 0 { replaced.append((signal, current)) }
        }
        return replaced
    }

    private static func restore(_ previous: [(Int32, sigaction)]) {
        for (signal, action) in previous {
            var action = action
            _ = sigaction(signal, &action, nil)
        }
    }
}

// Read by the signal handler, so plain atomics at file scope: lock-free loads are async-signal-safe.
private let exitingForSignal = Atomic<Bool>(false)
private let runningGroup0 = Atomic<Int32>(0)
private let runningGroup1 = Atomic<Int32>(0)
private let runningGroup2 = Atomic<Int32>(0)
private let runningGroup3 = Atomic<Int32>(0)

private func loadGroup(_ slot: Int) -> pid_t {
    switch slot {
    case 0: runningGroup0.load(ordering: .sequentiallyConsistent)
    case 1: runningGroup1.load(ordering: .sequentiallyConsistent)
    case 2: runningGroup2.load(ordering: .sequentiallyConsistent)
    default: runningGroup3.load(ordering: .sequentiallyConsistent)
    }
}

/// The ending signals' handler while user commands run: kill their groups, then exit with 128 + the signal.
private func killRunningGroupsAndExit(_ signal: Int32) {
    exitingForSignal.store(true, ordering: .sequentiallyConsistent)
    for slot in 0..<4 {
        let pid = loadGroup(slot)
        if pid > 0 { kill(-pid, SIGKILL) }
    }
    _exit(128 + signal)
}
