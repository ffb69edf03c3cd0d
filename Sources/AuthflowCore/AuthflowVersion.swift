/// The version of authflow, shown by `authflow --version` and sent in `User-Agent`.
public enum AuthflowVersion {
    /// Semantic version of this build.
    public static let current = "0.1.0"
}
