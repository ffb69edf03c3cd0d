/// The language a POSIX locale environment names, as a BCP 47 tag for `Accept-Language`.
enum PosixLocale {
    /// `fr-FR` for `LC_ALL=fr_FR.UTF-8`, from the first of `LC_ALL`, `LC_MESSAGES`, `LANG` that is set (the
    /// order the C library reads them in); nil for `C`, `POSIX` or anything that does not start with a
    /// language code.
    static func languageTag(_ environment: [String: String]) -> String? {
        guard
            let value = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap({ environment[$0] }).first(where: {
                !$0.isEmpty
            })
        else { return nil }
        // language[_territory][.codeset][@modifier]
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
