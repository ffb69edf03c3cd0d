import AuthflowPrimitives

/// The language authflow speaks to the person: its messages, prompts and pages.
///
/// Chosen once per run (``resolve(explicit:configured:environment:available:)``) from, in order: `--lang`,
/// `AUTHFLOW_LANG`, the configuration file's `lang`, the POSIX locale (`LANGUAGE`'s priority list, then
/// `LC_ALL`, `LC_MESSAGES`, `LANG`), else English. Both BCP 47 tags (`ko`, `ko-KR`) and POSIX locale names
/// (`ko_KR.UTF-8`) are accepted; the value is kept as a BCP 47 tag.
public struct DisplayLanguage: Sendable, Equatable, CustomStringConvertible {
    /// The BCP 47 tag, such as `ko-KR`; `en` for English.
    public let tag: String

    /// English, the language every message is written in and the fallback for all others.
    public static let english = DisplayLanguage(checkedTag: "en")

    private init(checkedTag: String) {
        tag = checkedTag
    }

    /// The language named by `text`, a BCP 47 tag (`ko`, `ko-KR`) or a POSIX locale name (`ko_KR.UTF-8`);
    /// nil when it is neither (`C`, `POSIX` and empty text included).
    public init?(parsing text: String) {
        // A language subtag in use has 2 or 3 letters; `POSIX`, also a well-formed tag, is a locale name.
        if LanguageTag.isWellFormed(text), (text.split(separator: "-").first?.count ?? 0) <= 3 {
            let subtags = text.split(separator: "-")
            tag = ([subtags[0].lowercased()] + subtags.dropFirst().map(String.init)).joined(separator: "-")
        } else if let posix = PosixLocale.languageTag(posixName: text) {
            tag = posix
        } else {
            return nil
        }
    }

    /// The language subtag alone (`ko` for `ko-KR`).
    public var language: String {
        String(tag.split(separator: "-").first ?? "en")
    }

    /// Whether messages are shown as written, untranslated.
    public var isEnglish: Bool { language == "en" }

    /// The names to look a translation up under, most specific first: `ko-KR`, then `ko`.
    public var lookupNames: [String] {
        tag == language ? [tag] : [tag, language]
    }

    /// The priority list the C library's `gettext` takes in `LANGUAGE`: `ko_KR:ko`.
    public var gettextLanguageList: String {
        let subtags = tag.split(separator: "-")
        let region = subtags.dropFirst().first { $0.count == 2 || ($0.count == 3 && $0.allSatisfy(\.isNumber)) }
        guard let region else { return language }
        return "\(language)_\(region.uppercased()):\(language)"
    }

    public var description: String { tag }

    /// The language in force.
    ///
    /// - Parameters:
    ///   - explicit: `--lang`, or the merged `--lang` / `AUTHFLOW_LANG` / configuration-file value.
    ///   - configured: the configuration file's `lang`, when `explicit` is not already the merged value.
    ///   - environment: the process environment (`AUTHFLOW_LANG`, `LANGUAGE`, `LC_ALL`, `LC_MESSAGES`, `LANG`).
    ///   - available: the languages with translations (English is always available); `LANGUAGE`'s list is
    ///     walked to the first of these, as `gettext` does.
    public static func resolve(
        explicit: String? = nil, configured: String? = nil, environment: [String: String],
        available: Set<String> = []
    ) -> DisplayLanguage {
        chosen(explicit: explicit, configured: configured, environment: environment, available: available)
            ?? .english
    }

    /// The language named by the same sources as ``resolve(explicit:configured:environment:available:)``,
    /// or nil when none names one (the C locale, no variable set), where English applies by default.
    public static func chosen(
        explicit: String? = nil, configured: String? = nil, environment: [String: String],
        available: Set<String> = []
    ) -> DisplayLanguage? {
        for chosen in [explicit, environment["AUTHFLOW_LANG"], configured] {
            if let chosen, !chosen.isEmpty, let language = DisplayLanguage(parsing: chosen) { return language }
        }
        // As the C library does: the C locale shows messages untranslated, whatever LANGUAGE says.
        if PosixLocale.isCLocale(environment) { return nil }
        if let list = environment["LANGUAGE"], !list.isEmpty {
            for entry in list.split(separator: ":") {
                guard let language = DisplayLanguage(parsing: String(entry)) else { continue }
                if language.isEnglish || available.contains(language.language) { return language }
            }
        }
        return PosixLocale.languageTag(environment).flatMap(DisplayLanguage.init(parsing:))
    }
}
