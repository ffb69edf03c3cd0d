import AuthflowLocalization

/// Notices for flag spellings kept working under a new name.
enum DeprecationWording {
    /// One line for standard error: `old` still works, `new` is its name now.
    static func renamed(_ old: String, to new: String, because reason: String) -> String {
        localized("authflow: \(old) is deprecated and will be removed; use \(new) (\(reason)).")
    }
}
