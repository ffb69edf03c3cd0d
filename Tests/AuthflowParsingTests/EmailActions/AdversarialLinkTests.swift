import AuthflowPrimitives
import Testing

@testable import AuthflowParsing

/// Hostile and broken input: it must end in a result or a clear error, never a hang or a crash.
struct AdversarialLinkTests {
    let direct = "https://www.example.com/action?mode=signIn&oobCode=oobCode&apiKey=API_KEY"

    @Test func tenThousandRawDynamicLinkLevelsAreRejected() {
        let link = String(repeating: "https://x.page.link/?link=", count: 10_000) + direct
        #expect(throws: LinkInputError.tooDeeplyNested(limit: ActionLinkUnwrapper.maximumDepth)) {
            try ActionLinkUnwrapper.unwrap(link)
        }
    }

    @Test func tenThousandSafeLinksLevelsAreRejected() {
        let link = String(repeating: "https://eur01.safelinks.protection.outlook.com/?url=", count: 10_000) + direct
        #expect(throws: LinkInputError.tooDeeplyNested(limit: ActionLinkUnwrapper.maximumDepth)) {
            try ActionLinkUnwrapper.unwrap(link)
        }
    }

    @Test func nestingUpToTheLimitStillUnwraps() throws {
        var link = direct
        for _ in 0..<(ActionLinkUnwrapper.maximumDepth - 1) {
            link = "https://x.page.link/?link=" + PercentEncoding.encodeComponent(link)
        }
        #expect(try ActionLinkUnwrapper.unwrap(link).action?.oobCode == "oobCode")
    }

    @Test func oneMegabyteURLParses() throws {
        let padding = String(repeating: "a", count: 1_000_000)
        let link = direct + "&continueUrl=https%3A%2F%2Fexample.com%2F" + padding
        let action = try #require(try OfflineLinkInspector().inspect(link).action)
        #expect(action.continueURL?.count == "https://example.com/".count + padding.count)
    }

    @Test func overlongInputIsRejected() {
        let link = "https://example.com/?" + String(repeating: "x", count: LinkInput.maximumLength)
        #expect(throws: LinkInputError.self) { try LinkInput.normalize(link) }
    }

    @Test func invalidUTF8IsRejected() {
        let bytes: [UInt8] = Array("https://example.com/?a=".utf8) + [0xFF, 0xFE, 0xC3]
        #expect(throws: LinkInputError.invalidUTF8) { try LinkInput.normalize(bytes: bytes) }
    }

    @Test func controlCharactersAreRejected() {
        #expect(throws: LinkInputError.controlCharacters) { try LinkInput.normalize("https://example.com/\u{0}x") }
    }

    @Test(arguments: ["", "   ", "\n"])
    func emptyInputIsRejected(text: String) {
        #expect(throws: LinkInputError.empty) { try LinkInput.normalize(text) }
    }

    @Test func textThatIsNotAURLIsRejected() {
        #expect(throws: LinkInputError.self) { try LinkInput.normalize("hello world") }
        #expect(throws: LinkInputError.self) { try LinkInput.normalize("://missing-scheme") }
    }

    @Test func brokenPercentEncodingIsKeptLiterally() throws {
        let action = try #require(
            ActionCodeURL("https://e.com/a?mode=signIn&apiKey=K&oobCode=AB%ZZ%2&continueUrl=%E2%82"))
        #expect(action.oobCode == "AB%ZZ%2")
        #expect(action.continueURL == "\u{FFFD}")
    }

    @Test func percentEncodedInvalidUTF8BecomesReplacementCharacters() {
        #expect(PercentDecoding.decode("%FF%FEok") == "\u{FFFD}\u{FFFD}ok")
    }

    @Test func garbageWithManySeparatorsTerminates() throws {
        let link = "https://e.com/?" + String(repeating: "&=&link=&deep_link_id=%", count: 20_000)
        // It ends, and as a damaged link: every `deep_link_id=%` holds a lone %.
        #expect(throws: LinkInputError.damagedParameter(name: "deep_link_id", .malformedEscape)) {
            try OfflineLinkInspector().inspect(link)
        }
    }
}
