/// The language a POSIX locale environment names, as a BCP 47 tag.
public enum PosixLocale {
    /// The variables that name the messages locale, in the order the C library reads them.
    public static let messageVariables = ["LC_ALL", "LC_MESSAGES", "LANG"]

    /// The messages locale's value: the first of `LC_ALL`, `LC_MESSAGES`, `LANG` that is set and not empty.
    public static func messagesLocale(_ environment: [String: String]) -> String? {
        messageVariables.lazy.compactMap({ environment[$0] }).first(where: { !$0.isEmpty })
    }

    /// `fr-FR` for `LC_ALL=fr_FR.UTF-8`, from the messages locale (``messagesLocale(_:)``); nil for `C`,
    /// `POSIX` or anything that does not start with a language code. `LANGUAGE` is not read: this is the
    /// locale itself, as `Accept-Language` wants it.
    public static func languageTag(_ environment: [String: String]) -> String? {
        messagesLocale(environment).flatMap(languageTag(posixName:))
    }

    /// Whether the messages locale is exactly `C` or `POSIX` (or unset), in which the C library shows messages
    /// untranslated and ignores `LANGUAGE`. `C.UTF-8` is not: there `gettext` honours `LANGUAGE`.
    public static func isCLocale(_ environment: [String: String]) -> Bool {
        guard let value = messagesLocale(environment) else { return true }
        return value == "C" || value == "POSIX"
    }

    /// `ko-KR` for the POSIX name `ko_KR.UTF-8` (`language[_territory][.codeset][@modifier]`); nil when the
    /// name does not start with a 2–3 letter lowercase language code.
    public static func languageTag(posixName value: String) -> String? {
        let name = value.split(separator: ".", maxSplits: 1).first.map { $0.split(separator: "@").first ?? $0 } ?? ""
        let parts = name.split(separator: "_", maxSplits: 1)
        guard let language = parts.first, (2...3).contains(language.count),
            language.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) })
        else { return nil }
        guard parts.count == 2 else { return String(language) }
        let territory = parts[1]
        guard (2...3).contains(territory.count),
            territory.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) || ("0"..."9").contains($0) })
        else { return String(language) }
        return "\(language)-\(territory)"
    }
}
