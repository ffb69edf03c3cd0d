extension HTTPClient {
    /// Starts opening libcurl (and its ~30 dependencies) and initialising it on a thread of its own, and returns at
    /// once: for a caller that knows a request will follow, so the work overlaps what it does meanwhile (the
    /// command line's parse) instead of delaying the first request. It is the same once-only work the first request
    /// does, which waits for it if it is still under way; a missing libcurl is reported there, as without this call.
    public static func prepareInBackground() {
        CurlGlobal.initializeInBackground()
    }
}
