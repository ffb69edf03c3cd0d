extension EmbeddedBackend {
    /// What the backend does when a request names a project other than its own (in the emulator API's path,
    /// in `v1/projects/<id>/…` or in `targetProjectId`), as the emulator's `singleProjectMode` does.
    public enum SingleProjectMode: Sendable, Hashable, CaseIterable {
        /// Serve the other project as a separate, empty one without a word (the emulator library's default).
        case noWarning
        /// Serve it, and log that one emulator is meant for one project (`firebase emulators:start`'s default).
        case warning
        /// Log it and refuse the request with 400 and the same text.
        case error
    }
}
