import AuthflowPrimitives
import CGettext
import Foundation
import Synchronization

/// authflow's translations, looked up through the C library's `gettext` in the `authflow` text domain.
///
/// The catalogues are GNU gettext `.mo` files compiled from `po/<language>.po` and kept at
/// `<directory>/<language>/LC_MESSAGES/authflow.mo`, the layout `gettext` reads. The directory is the
/// first of ``searchPath(environment:)`` that holds a catalogue: `AUTHFLOW_LOCALEDIR`, then
/// `<directory of the running binary>/../share/locale` (where `make install` puts them), then the source
/// tree's `locale/` (for `swift run` and the tests). With none, every message is English.
///
/// The language does not depend on which locales the system has generated: ``activate(_:)`` sets the
/// messages category to `C.UTF-8` (built into glibc since 2.35, so always present) and names the language in
/// `LANGUAGE`, which `gettext` honours whenever the messages locale is not plain `C`.
public enum MessageCatalogue {
    /// The gettext text domain, and the catalogue files' name.
    public static let domain = "authflow"
    /// The environment variable naming a catalogue directory.
    public static let environmentVariable = "AUTHFLOW_LOCALEDIR"

    private static let state = Mutex(State())

    private struct State {
        var language = DisplayLanguage.english
        var directory: String?
        var translating = false
    }

    /// The language messages are shown in now.
    public static var language: DisplayLanguage { state.withLock { $0.language } }

    /// The directory catalogues are read from, when one was found for the language in force.
    public static var directory: String? { state.withLock { $0.directory } }

    /// The directories searched, first match wins.
    public static func searchPath(
        environment: [String: String] = ProcessEnvironment.current()
    ) -> [String] {
        var path: [String] = []
        if let named = environment[environmentVariable], !named.isEmpty { path.append(named) }
        if let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            let bin = URL(fileURLWithPath: executable).deletingLastPathComponent()
            path.append(bin.deletingLastPathComponent().appendingPathComponent("share/locale").path)
        }
        path.append(sourceTreeDirectory)
        return path
    }

    /// `<repository>/locale`, found from this file's compile-time path (`Sources/AuthflowLocalization/`).
    public static var sourceTreeDirectory: String {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("locale").path
    }

    /// The languages of `LANGUAGE`'s priority list that have a catalogue somewhere on the search path (`ko`, …),
    /// English not included: only what ``DisplayLanguage/resolve(explicit:configured:environment:available:)``
    /// asks about, so start-up looks at a few files rather than every language a system has.
    public static func availableLanguages(
        environment: [String: String] = ProcessEnvironment.current()
    ) -> Set<String> {
        guard let list = environment["LANGUAGE"], !list.isEmpty else { return [] }
        let listed = list.split(separator: ":").compactMap { DisplayLanguage(parsing: String($0))?.language }
        let directories = searchPath(environment: environment)
        return Set(
            listed.filter { language in
                directories.contains { FileManager.default.fileExists(atPath: catalogue(in: $0, for: language)) }
            })
    }

    /// The language in force from the environment and `explicit` (`--lang`, read before the arguments
    /// are parsed), made the one messages are shown in.
    @discardableResult
    public static func activate(
        explicit: String? = nil, configured: String? = nil,
        environment: [String: String] = ProcessEnvironment.current()
    ) -> DisplayLanguage {
        let language = DisplayLanguage.resolve(
            explicit: explicit, configured: configured, environment: environment,
            available: availableLanguages(environment: environment))
        activate(language, environment: environment)
        return language
    }

    /// Shows messages in `language` from now on; English, or a language without a catalogue, shows them as
    /// written.
    public static func activate(
        _ language: DisplayLanguage, environment: [String: String] = ProcessEnvironment.current()
    ) {
        let directory =
            language.isEnglish
            ? nil
            : searchPath(environment: environment).first { directory in
                language.gettextLanguageList.split(separator: ":").contains {
                    FileManager.default.fileExists(atPath: catalogue(in: directory, for: String($0)))
                }
            }
        state.withLock { state in
            state.language = language
            state.directory = directory
            state.translating = directory != nil
            guard let directory else { return }
            // C.UTF-8 rather than C: gettext ignores LANGUAGE in the C locale, and ko_KR.UTF-8 itself is
            // rarely generated. Only the messages category changes; numbers and character classes stay C.
            _ = setlocale(LC_MESSAGES, "C.UTF-8")
            setenv("LANGUAGE", language.gettextLanguageList, 1)
            _ = bindtextdomain(domain, directory)
            _ = bind_textdomain_codeset(domain, "UTF-8")
        }
    }

    /// Translations that replace the catalogue's for the current task and the tasks it starts: `key`, the
    /// plural key (nil for a singular message) and the count give the text. For checks that render messages in
    /// a language without changing the process's language (which other threads see).
    @TaskLocal public static var override: (@Sendable (_ key: String, _ pluralKey: String?, _ count: Int) -> String)?

    /// The translation of `key` (a message as written in the sources, with `%s` for each value), or `key`.
    public static func translate(_ key: String) -> String {
        if let override { return override(key, nil, 1) }
        guard state.withLock({ $0.translating }) else { return key }
        guard let translated = dgettext(domain, key) else { return key }
        return String(cString: translated)
    }

    /// The translation of the singular `key` or plural `pluralKey` that fits `count` under the language's
    /// plural rule.
    public static func translate(_ key: String, plural pluralKey: String, count: Int) -> String {
        let fallback = count == 1 ? key : pluralKey
        if let override { return override(key, pluralKey, count) }
        guard state.withLock({ $0.translating }) else { return fallback }
        guard let translated = dngettext(domain, key, pluralKey, UInt(max(count, 0))) else { return fallback }
        return String(cString: translated)
    }

    private static func catalogue(in directory: String, for name: String) -> String {
        "\(directory)/\(name)/LC_MESSAGES/\(domain).mo"
    }
}
