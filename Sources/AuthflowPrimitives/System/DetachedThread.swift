import Glibc

/// A thread for work nobody waits on by joining: whoever needs its result waits for it by other means (a once-only
/// initialisation the work shares with the first caller), and a thread that cannot be started only leaves the work
/// to that caller.
public enum DetachedThread {
    /// Starts `body(context)` on a new detached thread and returns at once; false when no thread could be started.
    /// `body` is a plain function, as C callbacks are here.
    @discardableResult
    public static func start(
        _ body: @escaping @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer?,
        context: UnsafeMutableRawPointer? = nil
    ) -> Bool {
        var attributes = pthread_attr_t()
        guard pthread_attr_init(&attributes) == 0 else { return false }
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        var thread = pthread_t()
        return pthread_create(&thread, &attributes, body, context) == 0
    }
}
