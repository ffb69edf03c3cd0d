import AuthflowPrimitives
import CCurl

/// libcurl's process-wide setup (OpenSSL among it) runs once, on the first request only: Swift initialises
/// globals lazily and exactly once across threads, and processes that never fetch pay nothing.
private let globalInitResult: CURLcode = authflow_curl_global_init_default()

enum CurlGlobal {
    /// Runs ``ensureInitialized()`` on a detached thread of its own and returns at once; a request meanwhile waits
    /// for it (Swift's once-only global), and a failure is reported by that request as before. A thread that cannot
    /// be started only leaves the work to the first request.
    static func initializeInBackground() {
        DetachedThread.run { try? ensureInitialized() }
    }

    /// Performs the one-time initialisation if needed and reports whether it succeeded.
    static func ensureInitialized() throws(HTTPError) {
        // Before the first libcurl call: a missing libcurl is a typed error, not the loader's exit.
        do {
            try SharedLibrary.curl.load()
        } catch {
            throw .libraryUnavailable(error)
        }
        let result = globalInitResult
        guard result == CURLE_OK else {
            throw .transport(code: Int(result.rawValue), detail: "libcurl could not be initialised")
        }
    }
}
