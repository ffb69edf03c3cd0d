import AuthflowListener
import AuthflowLocalization

/// `--lang`, read from the raw arguments before they are parsed, so that even a usage error is in the
/// language asked for.
enum LanguageArgument {
    /// The value of the last `--lang VALUE` or `--lang=VALUE` before `--`, if any.
    static func value(in arguments: [String] = CommandLine.arguments) -> String? {
        var found: String?
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            if argument == "--" { break }
            if argument == "--lang", index + 1 < arguments.endIndex {
                found = arguments[index + 1]
                index += 1
            } else if argument.hasPrefix("--lang=") {
                found = String(argument.dropFirst("--lang=".count))
            }
            index += 1
        }
        return found
    }

    /// Makes the language in force the one messages are shown in, from `--lang` and the environment; a
    /// configuration file's `lang` is applied once it is read (``CommandContext``).
    static func activate() {
        use(MessageCatalogue.activate(explicit: value()))
    }

    /// Shows messages and pages in `language` from now on.
    static func use(_ language: DisplayLanguage, environment: [String: String]? = nil) {
        if let environment {
            MessageCatalogue.activate(language, environment: environment)
        }
        TemplateDirectory.defaultLanguages = language.isEnglish ? [] : language.lookupNames
        CallbackPageTexts.install()
    }
}
