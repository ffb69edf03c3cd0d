import AuthflowPrimitives
import CProcessSpawn

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A program started with `posix_spawn`, for launching the browser and the desktop's `xdg-*` tools.
///
/// Foundation's `Process` is avoided on purpose: on Linux it crashed now and then inside `run()` when other
/// threads were busy, and it reaps children behind the caller's back. Here the caller owns the child: it
/// starts with a clean signal state and only the three descriptors it is given (everything else of ours is
/// close-on-exec), and only ``wait()`` reaps it.
package struct ChildProcess: Sendable {
    /// How a child ended.
    package enum Termination: Sendable, Equatable {
        case exited(Int32)
        case signalled(Int32)

        /// Exited with status 0.
        package var succeeded: Bool { self == .exited(0) }
    }

    /// Where the child's standard streams go and what it sees.
    package struct Options: Sendable {
        /// The whole environment of the child; `nil` passes ours on.
        package var environment: [String: String]?
        /// The child's working directory; `nil` keeps ours.
        package var workingDirectory: String?
        /// Descriptors to become the child's stdin, stdout and stderr; `nil` means /dev/null.
        package var standardInput: Int32?
        package var standardOutput: Int32?
        package var standardError: Int32?
        /// Start the child in a session of its own, detached from our terminal and its Ctrl-C.
        package var newSession: Bool
        /// Start the child as the leader of a process group of its own that dies with the spawning thread
        /// (`PR_SET_PDEATHSIG`): a user's command, whose whole group is killed on every way out (see
        /// ``ChildGroups``).
        package var ownGroup = false

        package init(
            environment: [String: String]? = nil, workingDirectory: String? = nil,
            standardInput: Int32? = nil, standardOutput: Int32? = nil, standardError: Int32? = nil,
            newSession: Bool = false
        ) {
            self.environment = environment
            self.workingDirectory = workingDirectory
            self.standardInput = standardInput
            self.standardOutput = standardOutput
            self.standardError = standardError
            self.newSession = newSession
        }
    }

    /// Why a program could not be started.
    package struct SpawnError: Error, Sendable, Equatable, CustomStringConvertible {
        package let program: String
        package let code: Int32

        package var description: String {
            "Could not start \(program): \(String(cString: strerror(code)))."
        }
    }

    /// The child's process ID.
    package let pid: pid_t

    /// Starts `program` (a path, or a name looked up in `PATH`) with `arguments` (not including argv[0]).
    package static func spawn(
        _ program: String, arguments: [String] = [], options: Options = .init()
    ) throws(SpawnError) -> ChildProcess {
        if options.ownGroup { return try spawnGroupLeader(program, arguments: arguments, options: options) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (source, target) in [(options.standardInput, 0), (options.standardOutput, 1), (options.standardError, 2)] {
            if let source {
                posix_spawn_file_actions_adddup2(&actions, source, Int32(target))
            } else {
                posix_spawn_file_actions_addopen(
                    &actions, Int32(target), "/dev/null", target == 0 ? O_RDONLY : O_WRONLY, 0)
            }
        }
        if let directory = options.workingDirectory {
            let result = authflow_spawn_add_chdir(&actions, directory)
            guard result == 0 else { throw SpawnError(program: program, code: result) }
        }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Signals we ignore or block (SIGPIPE, the Ctrl-C watcher's SIGINT) must not stay that way in the child.
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGCHLD] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var flags = Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)
        if options.newSession { flags |= Int32(authflow_spawn_flag_setsid()) }
        posix_spawnattr_setflags(&attributes, Int16(flags))

        let argv = CStringArray([program] + arguments)
        let envp = options.environment.map { CStringArray($0.map { "\($0.key)=\($0.value)" }.sorted()) }
        var pid: pid_t = 0
        let environment = envp.map { UnsafePointer($0.pointers) } ?? UnsafePointer(environ)
        let result: Int32
        if program.contains("/") {
            result = posix_spawn(&pid, program, &actions, &attributes, argv.pointers, environment)
        } else if let search = options.environment.map({ $0["PATH"] ?? "" }) {
            // posix_spawnp searches *our* PATH; a child given its own environment must be found on its own.
            guard let path = Self.find(program, in: search) else { throw SpawnError(program: program, code: ENOENT) }
            result = posix_spawn(&pid, path, &actions, &attributes, argv.pointers, environment)
        } else {
            result = posix_spawnp(&pid, program, &actions, &attributes, argv.pointers, environment)
        }
        withExtendedLifetime((argv, envp)) {}
        guard result == 0 else { throw SpawnError(program: program, code: result) }
        return ChildProcess(pid: pid)
    }

    /// ``spawn(_:arguments:options:)`` for ``Options/ownGroup``: fork and exec in C, since posix_spawn cannot
    /// set `PR_SET_PDEATHSIG`. The working directory and a new session are not offered on this path.
    private static func spawnGroupLeader(
        _ program: String, arguments: [String], options: Options
    ) throws(SpawnError) -> ChildProcess {
        var path = program
        if !program.contains("/") {
            let search =
                options.environment.map { $0["PATH"] ?? "" } ?? (ProcessEnvironment.value("PATH") ?? "")
            guard let found = find(program, in: search) else { throw SpawnError(program: program, code: ENOENT) }
            path = found
        }
        let argv = CStringArray([program] + arguments)
        let envp = options.environment.map { CStringArray($0.map { "\($0.key)=\($0.value)" }.sorted()) }
        let environment = envp.map { $0.pointers } ?? environ
        var error: Int32 = 0
        let pid = authflow_spawn_group_child(
            path, argv.pointers, environment, options.standardInput ?? -1, options.standardOutput ?? -1,
            options.standardError ?? -1, &error)
        withExtendedLifetime((argv, envp)) {}
        guard pid > 0 else { throw SpawnError(program: program, code: error) }
        return ChildProcess(pid: pid)
    }

    /// Kills the child's whole process group (for ``Options/ownGroup`` children) without reaping the leader.
    package func killGroup() {
        _ = kill(-pid, SIGKILL)
    }

    /// Blocks until the child has ended, without reaping it: its process group stays addressable.
    package func waitWithoutReaping() {
        var info = siginfo_t()
        _ = SystemCall.retryingInterrupts { waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) }
    }

    /// The first executable `name` in the colon-separated `search` list.
    package static func find(_ name: String, in search: String) -> String? {
        for directory in search.split(separator: ":", omittingEmptySubsequences: true) {
            let candidate = directory.hasSuffix("/") ? "\(directory)\(name)" : "\(directory)/\(name)"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }

    /// Blocks until the child ends and reaps it.
    package func wait() -> Termination {
        var status: Int32 = 0
        guard SystemCall.retryingInterrupts({ waitpid(pid, &status, 0) }) >= 0 else { return .exited(-1) }
        return Self.termination(status)
    }

    /// The child's end if it has ended (and reaps it), or nil while it runs.
    package func poll() -> Termination? {
        var status: Int32 = 0
        let result = SystemCall.retryingInterrupts { waitpid(pid, &status, WNOHANG) }
        if result == pid { return Self.termination(status) }
        if result == 0 { return nil }
        return .exited(-1)
    }

    /// Sends `signal` to the child.
    package func send(_ signal: Int32) {
        _ = kill(pid, signal)
    }

    private static func termination(_ status: Int32) -> Termination {
        // The W* macros are not imported; these are their glibc definitions.
        let signal = status & 0x7F
        return signal == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signal)
    }
}

/// A NULL-terminated array of C strings that lives as long as this object.
private final class CStringArray {
    let pointers: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
    private let count: Int

    init(_ strings: [String]) {
        count = strings.count
        pointers = .allocate(capacity: strings.count + 1)
        for (index, string) in strings.enumerated() { (pointers + index).initialize(to: strdup(string)) }
        (pointers + strings.count).initialize(to: nil)
    }

    deinit {
        for index in 0..<count { free(pointers[index]) }
        pointers.deallocate()
    }
}

/// Pipes for a child's standard streams.
package enum ChildPipe {
    /// A pipe with both ends close-on-exec; returns (read end, write end).
    package static func make() -> (read: Int32, write: Int32)? {
        var fds: [Int32] = [-1, -1]
        guard authflow_pipe_cloexec(&fds) == 0 else { return nil }
        return (fds[0], fds[1])
    }
}

extension ChildProcess.Options {
    /// A user's command (`--code-command` and the like): `environment`, our standard error, standard input
    /// from /dev/null, in a process group of its own that dies with us.
    package static func userCommand(environment: [String: String]?) -> ChildProcess.Options {
        var options = ChildProcess.Options(environment: environment, standardError: STDERR_FILENO)
        options.ownGroup = true
        return options
    }
}
