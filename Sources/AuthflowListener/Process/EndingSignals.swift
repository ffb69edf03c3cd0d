#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The signals that end authflow, and the status it then exits with.
///
/// Whoever catches one of them (a wait on the browser, ``ChildGroups``' handler while a user's command runs),
/// authflow kills the user's commands' process groups, frees its listener's port and exits with 128 + the
/// signal's number, as a shell reports a process the signal killed: SIGHUP 129, SIGINT 130, SIGQUIT 131,
/// SIGUSR1 138, SIGUSR2 140, SIGTERM 143. SIGPIPE is not one of them: authflow ignores it, and a write to a
/// closed pipe is an error like any other.
package enum EndingSignals {
    /// Every signal that ends authflow, in numeric order.
    package static let all: [Int32] = [SIGHUP, SIGINT, SIGQUIT, SIGUSR1, SIGUSR2, SIGTERM]

    /// The exit status after `signal`: 128 + its number.
    package static func exitStatus(for signal: Int32) -> Int32 {
        128 + signal
    }

    /// The signal's name, such as `SIGTERM`.
    package static func name(of signal: Int32) -> String {
        switch signal {
        case SIGHUP: "SIGHUP"
        case SIGINT: "SIGINT"
        case SIGQUIT: "SIGQUIT"
        case SIGUSR1: "SIGUSR1"
        case SIGUSR2: "SIGUSR2"
        case SIGTERM: "SIGTERM"
        default: "signal \(signal)"
        }
    }
}
