/// Shows enough of an API key to tell two apart, not enough to reuse from a screenshot or a CI log.
public enum APIKeyMask {
    /// `AIzaSy…Ab12` for real keys; short test keys keep only their ends.
    public static func mask(_ key: String) -> String {
        let characters = Array(key)
        switch characters.count {
        case 0...8: return String(repeating: "•", count: characters.count)
        case 9...19: return String(characters.prefix(2)) + "…" + String(characters.suffix(2))
        default: return String(characters.prefix(6)) + "…" + String(characters.suffix(4))
        }
    }
}
