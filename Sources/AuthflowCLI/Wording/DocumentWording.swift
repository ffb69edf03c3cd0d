import AuthflowCore

extension DocumentSearchError {
    /// The library's description, except for a missing libxml2, which is worded as every missing C library is.
    var cliMessage: String {
        if case .document(.libraryUnavailable(let missing)) = self { return missing.cliMessage }
        return description
    }
}
