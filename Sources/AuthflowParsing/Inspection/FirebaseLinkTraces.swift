/// Whether a link that could not be read still shows the marks of a Firebase link: the `oobCode` parameter of an
/// email action link, the `/__/auth/` paths of Firebase Hosting's handlers (plain or percent-encoded once or
/// twice, as wrappers nest them), or the `firebaseauth` host of a custom-scheme callback.
///
/// A document search uses it to tell a damaged Firebase link, which is worth reporting, from damaged noise (a
/// tracking pixel with a broken escape), which is not.
public enum FirebaseLinkTraces {
    private static let marks = ["oobcode", "firebaseauth", "__/auth/", "__%2fauth%2f", "__%252fauth%252f"]

    /// Whether `link` carries one of the marks (ASCII case-insensitively).
    public static func appear(in link: String) -> Bool {
        let lowered = link.lowercased()
        return marks.contains { lowered.contains($0) }
    }
}
