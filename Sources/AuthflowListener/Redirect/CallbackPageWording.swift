import Synchronization

/// The words of the callback pages in the person's language. The listener and the flows write a page's title
/// and message in English; a front end that shows another language installs the translation of each (the
/// `authflow` command passes its message catalogue). Without one, or for a text it does not know, the page
/// keeps the English.
public enum CallbackPageWording {
    private static let installed = Mutex<[String: String]>([:])

    /// Shows each English key of `translations` as its value from now on.
    public static func install(_ translations: [String: String]) {
        installed.withLock { $0 = translations }
    }

    /// `english` in the installed language, or as it is.
    public static func text(_ english: String) -> String {
        installed.withLock { $0[english] } ?? english
    }
}
