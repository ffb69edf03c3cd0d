import AuthflowListener

/// The single-project check the emulator runs whenever a request picks a project: another project ID than the
/// backend's is fine, logged, or refused, by ``EmbeddedBackend/SingleProjectMode``.
enum ProjectCheck {
    /// Logs the mismatch (outside `.noWarning`) and, in `.error` mode, throws the 400 the emulator answers.
    static func check(
        _ requested: String, configured: String, mode: EmbeddedBackend.SingleProjectMode, log: (String) -> Void
    ) throws(APIError) {
        guard mode != .noWarning, !requested.isEmpty, requested != configured else { return }
        let message =
            "Multiple projectIds are not recommended in single project mode. Requested project ID \(requested), "
            + "but the emulator is configured for \(configured). To opt-out of single project mode add/set the "
            + "'\"singleProjectMode\"' false' property in the firebase.json emulators config."
        log(message)
        if mode == .error { throw .badRequest(message) }
    }

    /// The check for a request to `service`: the error reply to send instead, or `nil` to go on; the warning
    /// goes to `logs`.
    static func refusal(_ requested: String, service: BackendService, logs: inout [String]) -> LoopbackResponse? {
        var lines: [String] = []
        defer { logs.append(contentsOf: lines) }
        do throws(APIError) {
            try check(
                requested, configured: service.configuration.projectID, mode: service.configuration.singleProjectMode
            ) {
                lines.append($0)
            }
            return nil
        } catch {
            return JSONReply.error(error)
        }
    }
}
