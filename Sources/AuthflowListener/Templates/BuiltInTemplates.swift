/// The default pages of `templates/`, compiled into the binary.
///
/// `templates/` stays the source of truth (`scripts/generate-builtin-templates` regenerates the compiled
/// copy, and a test fails when they differ); a ``TemplateDirectory`` search still comes first, so branded
/// copies (`--templates DIR`) and installed pages win. A binary copied elsewhere, with no `templates/` beside
/// it, serves these instead of failing.
public enum BuiltInTemplates {
    /// The names of the compiled-in (English) pages, the `.html` files, sorted.
    public static var names: [String] { pages.keys.filter { !$0.contains("/") && isPage($0) }.sorted() }

    /// The names of the compiled-in partials the pages include (`{{> phone-recaptcha.js}}`): every file of
    /// `templates/` that is not a page, sorted.
    public static var partialNames: [String] { pages.keys.filter { !$0.contains("/") && !isPage($0) }.sorted() }

    /// The compiled-in editions in other languages, as `<language>/<name>`, sorted.
    public static var editionNames: [String] { pages.keys.filter { $0.contains("/") }.sorted() }

    /// Whether `name` is a page (served on its own) rather than a partial.
    static func isPage(_ name: String) -> Bool { name.hasSuffix(".html") }

    /// The compiled-in text of `name` (a plain file name such as `callback-received.html`, or a partial's such
    /// as `phone-recaptcha.js`), if there is one.
    public static func text(named name: String) -> String? {
        pages[name]
    }

    /// The compiled-in edition of `name` in the first of `languages` that has one (`ko/callback-received.html`),
    /// else the English page.
    public static func text(named name: String, languages: [String]) -> String? {
        for language in languages {
            if let edition = pages["\(language)/\(name)"] { return edition }
        }
        return pages[name]
    }
}
