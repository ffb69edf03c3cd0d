import AuthflowLocalization
import Testing

/// The language in force and the message format, in process (no catalogue is activated here: other tests in
/// this process expect English).
@Suite("Display language")
struct DisplayLanguageTests {
    @Test(
        "BCP 47 tags and POSIX locale names are both accepted",
        arguments: [
            ("ko", "ko"), ("ko-KR", "ko-KR"), ("KO-kr", "ko-kr"), ("ko_KR.UTF-8", "ko-KR"), ("ko_KR", "ko-KR"),
            ("ko_KR.UTF-8@x", "ko-KR"), ("pt-BR", "pt-BR"), ("zh-Hant-TW", "zh-Hant-TW"),
        ])
    func parses(text: String, tag: String) {
        #expect(DisplayLanguage(parsing: text)?.tag == tag)
    }

    @Test("C, POSIX and garbage name no language", arguments: ["C", "POSIX", "", "k", "ko KR", "../ko"])
    func refuses(text: String) {
        #expect(DisplayLanguage(parsing: text) == nil)
    }

    @Test("gettext's priority list names the territory, then the language")
    func gettextList() throws {
        #expect(try #require(DisplayLanguage(parsing: "ko_KR.UTF-8")).gettextLanguageList == "ko_KR:ko")
        #expect(try #require(DisplayLanguage(parsing: "ko")).gettextLanguageList == "ko")
        #expect(try #require(DisplayLanguage(parsing: "zh-Hant-TW")).gettextLanguageList == "zh_TW:zh")
        #expect(try #require(DisplayLanguage(parsing: "ko-KR")).lookupNames == ["ko-KR", "ko"])
    }

    @Test("Resolution order: --lang, AUTHFLOW_LANG, the file, LANGUAGE (not in C), LC_ALL, LC_MESSAGES, LANG")
    func order() {
        let ko: Set = ["ko"]
        func resolve(_ explicit: String?, _ file: String?, _ environment: [String: String]) -> String {
            DisplayLanguage.resolve(explicit: explicit, configured: file, environment: environment, available: ko).tag
        }
        #expect(resolve("fr", "de", ["AUTHFLOW_LANG": "ko", "LANG": "es_ES.UTF-8"]) == "fr")
        #expect(resolve(nil, "de", ["AUTHFLOW_LANG": "ko", "LANG": "es_ES.UTF-8"]) == "ko")
        #expect(resolve(nil, "de", ["LANG": "es_ES.UTF-8"]) == "de")
        #expect(resolve(nil, nil, ["LANG": "es_ES.UTF-8", "LANGUAGE": "fr:ko:en"]) == "ko")
        #expect(resolve(nil, nil, ["LANG": "es_ES.UTF-8", "LANGUAGE": "en_GB:ko"]) == "en-GB")
        #expect(resolve(nil, nil, ["LANG": "C", "LANGUAGE": "ko"]) == "en")
        #expect(resolve(nil, nil, ["LANG": "C.UTF-8", "LANGUAGE": "ko"]) == "ko")
        #expect(resolve(nil, nil, ["LC_ALL": "ko_KR.UTF-8", "LC_MESSAGES": "C", "LANG": "C"]) == "ko-KR")
        #expect(resolve(nil, nil, ["LC_MESSAGES": "ko_KR.UTF-8", "LANG": "en_US.UTF-8"]) == "ko-KR")
        #expect(resolve(nil, nil, [:]) == "en")
        #expect(DisplayLanguage.chosen(environment: ["LANG": "C"]) == nil)
        #expect(DisplayLanguage.chosen(environment: ["LANG": "C.UTF-8"]) == nil)
    }

    @Test("Keys: each interpolation is %s, a literal % is %%, joined parts make one key")
    func keys() {
        let count = 3
        let text: LocalizedText = "Sent \(count) codes at 100% to \("a@b")" + " and more."
        #expect(text.key == "Sent %s codes at 100%% to %s and more.")
        #expect(text.values == ["3", "a@b"])
        #expect(text.english == "Sent 3 codes at 100% to a@b and more.")
    }

    @Test("Translations may reorder values with %N$s; %% stays a percent sign")
    func format() {
        #expect(LocalizedText.format("%2$s에 %1$s(으)로 100%%", ["a", "b"]) == "b에 a(으)로 100%")
        #expect(LocalizedText.format("%s and %s", ["a", "b"]) == "a and b")
        #expect(LocalizedText.format("%s and %3$s", ["a"]) == "a and ")
        #expect(LocalizedText.format("50% off", []) == "50% off")
    }
}
