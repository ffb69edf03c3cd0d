import Testing

@testable import AuthflowParsing

@Suite("TextLinkExtractor")
struct TextLinkExtractorTests {
    private func urls(_ text: String) -> [String] {
        TextLinkExtractor.links(inText: text).map(\.url)
    }

    @Test(
        "Sentence punctuation after a URL is not part of it",
        arguments: [
            "See https://p.test/a.", "See https://p.test/a, then", "(https://p.test/a)", "https://p.test/a;",
            "Open https://p.test/a!", "Really https://p.test/a?", "'https://p.test/a'", "\"https://p.test/a\"",
            "Link: https://p.test/a:", "[https://p.test/a]", "https://p.test/a).", "<https://p.test/a>.",
        ]
    )
    func trailingPunctuation(text: String) {
        #expect(urls(text) == ["https://p.test/a"])
    }

    @Test("Balanced parentheses and brackets stay in the URL")
    func balancedParentheses() {
        #expect(urls("(see https://w.test/wiki/Link_(film)).") == ["https://w.test/wiki/Link_(film)"])
        #expect(
            urls("http://[::1]:9099/emulator/action?mode=signIn") == ["http://[::1]:9099/emulator/action?mode=signIn"])
    }

    @Test("Custom schemes are found, and a scheme must start with a letter")
    func customSchemes() {
        let text = """
            iOS: com.googleusercontent.apps.123456789012-abcdef://firebaseauth/link?deep_link_id=https%3A%2F%2Fx
            app: app-1-123456789012-ios-0a1b2c3d4e5f://firebaseauth/link?deep_link_id=y
            odd: 42://nope and ://nothing
            """
        #expect(
            urls(text) == [
                "com.googleusercontent.apps.123456789012-abcdef://firebaseauth/link?deep_link_id=https%3A%2F%2Fx",
                "app-1-123456789012-ios-0a1b2c3d4e5f://firebaseauth/link?deep_link_id=y",
            ]
        )
    }

    @Test("A URL in angle brackets may be wrapped across lines (RFC 3986 Appendix C)")
    func wrappedInAngleBrackets() {
        let text =
            "Sign in:\r\n<https://a.test/__/auth/action?apiKey=k&mo\r\n   de=signIn&oobCode=C\r\n\t&lang=en>\r\nThanks"
        #expect(urls(text) == ["https://a.test/__/auth/action?apiKey=k&mode=signIn&oobCode=C&lang=en"])
        #expect(urls("<URL:https://a.test/x\n y>") == ["https://a.test/xy"])
    }

    @Test("An unclosed angle bracket falls back to a bare URL")
    func unclosedAngleBracket() {
        #expect(urls("<https://a.test/x and more") == ["https://a.test/x"])
    }

    @Test("Non-ASCII text ends a URL")
    func nonASCIIEndsURL() {
        #expect(urls("リンク：https://a.test/x?y=1。ありがとう") == ["https://a.test/x?y=1"])
    }

    @Test("Links come in order of first appearance, each once")
    func orderAndDuplicates() {
        #expect(
            urls("https://b.test/ then https://a.test/ then https://b.test/ again")
                == ["https://b.test/", "https://a.test/"]
        )
    }

    @Test("Text without a URL gives nothing")
    func noURL() {
        #expect(urls("").isEmpty)
        #expect(urls("mailto:someone@example.test and www.example.test and https://").isEmpty)
    }

    @Test("Every link is reported as coming from text")
    func source() {
        #expect(TextLinkExtractor.links(inText: "x https://s.test/ y").map(\.source) == [.text])
    }
}
