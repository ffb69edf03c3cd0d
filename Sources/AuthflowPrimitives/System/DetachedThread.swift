import Glibc

/// A thread for work nobody waits on by joining: whoever needs its result waits for it by other means (a once-only
/// initialisation the work shares with the first caller, or ``value(of:)``'s continuation), and a thread that
/// cannot be started only leaves the work to that caller.
public enum DetachedThread {
    /// Runs `body` on a new detached thread and returns at once; false when no thread could be started (`body` is
    /// then not run, and the caller decides what to do instead).
    @discardableResult
    public static func run(_ body: @escaping @Sendable () -> Void) -> Bool {
        let context = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
        var attributes = pthread_attr_t()
        guard pthread_attr_init(&attributes) == 0 else {
            Unmanaged<ThreadBody>.fromOpaque(context).release()
            return false
        }
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        var thread = pthread_t()
        guard pthread_create(&thread, &attributes, runThreadBody, context) == 0 else {
            Unmanaged<ThreadBody>.fromOpaque(context).release()
            return false
        }
        return true
    }

    /// Runs `body`, which may block (a child's exit, a blocking read, a transfer), on a new detached thread and
    /// returns its value, so the waiting task holds none of the few threads of Swift's cooperative pool, whose
    /// other tasks (timers, deadlines, servers' replies) would otherwise wait behind it. When no thread can be
    /// started, `body` runs on the caller's thread instead.
    public static func value<Value: Sendable>(of body: @escaping @Sendable () -> Value) async -> Value {
        await withCheckedContinuation { (continuation: CheckedContinuation<Value, Never>) in
            let started = run { continuation.resume(returning: body()) }
            if !started { continuation.resume(returning: body()) }
        }
    }
}

/// A closure handed to a thread through its context pointer.
private final class ThreadBody: Sendable {
    let body: @Sendable () -> Void

    init(_ body: @escaping @Sendable () -> Void) { self.body = body }
}

/// The thread body of ``DetachedThread/run(_:)``, a plain function as C callbacks are here: takes the closure back
/// (and its ownership) and runs it.
private func runThreadBody(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    guard let context else { return nil }
    Unmanaged<ThreadBody>.fromOpaque(context).takeRetainedValue().body()
    return nil
}
