/// The single-project check the emulator runs whenever a request picks a project: another project ID than the
/// backend's is fine, logged, or refused, by ``EmbeddedBackend/SingleProjectMode``.
enum ProjectCheck {
    /// Logs the mismatch (outside `.noWarning`) and, in `.error` mode, throws the 400 the emulator answers.
    static func check(
        _ requested: String, configured: String, mode: EmbeddedBackend.SingleProjectMode, log: (String) -> Void
    ) throws(APIError) {
        guard mode != .noWarning, !requested.isEmpty, requested != configured else { return }
        let message = "Multiple projectIds are not recommended in single project mode. Requested project ID \(requested), "
            + "but the emulator is configured for \(configured). To opt-out of single project mode add/set the "
            + "'\"singleProjectMode\"' false' property in the firebase.json emulators config."
        log(message)
        if mode == .error { throw .badRequest(message) }
    }
}
