/// Schemes that run script or name local data: `javascript:`, `data:`, `file:`, `blob:`, `vbscript:`. They
/// never carry an email action link or an auth callback, whatever their text contains; only `http`, `https`
/// and an app's own custom scheme do.
public enum InertScheme {
    private static let names: Set<String> = ["javascript", "data", "file", "blob", "vbscript"]

    /// Whether `link` starts with one of these schemes (ASCII case-insensitively, after leading white space).
    public static func starts(_ link: String) -> Bool {
        let trimmed = link.drop { $0 == " " || $0 == "\t" }
        guard let colon = trimmed.firstIndex(of: ":") else { return false }
        return names.contains(trimmed[..<colon].lowercased())
    }
}
