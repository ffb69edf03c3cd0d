import ArgumentParser

/// `--lang` for the commands without project flags (``ProjectOptions`` declares its own, which also sets the
/// language Google uses): the language of messages and of the pages the command serves. ``LanguageArgument``
/// reads it from the raw arguments before parsing, so that every message is in it; declaring it here lets the
/// command accept it and its help list it, so that every command takes `--lang`.
struct LanguageOptions: ParsableArguments {
    @Option(
        name: .customLong("lang"),
        help: ArgumentHelp(
            "Language of messages and of the pages served, e.g. ko (한국어), pt-BR or ko_KR.UTF-8.", valueName: "code"))
    var languageCode: String?

    func validate() throws {
        if let languageCode, languageCode.isBlankOrNewlines {
            throw ValidationError(EmptyFlagWording.message(flag: "--lang"))
        }
    }
}
