import AuthflowPrimitives
import Testing

@testable import AuthflowParsing

/// A batch unwraps every line in one ``ActionLinkUnwrapper/Workspace``: nothing from one link (levels, split
/// queries, layers, levels passed over, the host) may leak into the answer for the next.
struct UnwrapperWorkspaceTests {
    func enc(_ text: String) -> String { PercentEncoding.encodeComponent(text) }
    let action = "https://p.firebaseapp.com/__/auth/action?apiKey=KEY&mode=signIn&oobCode=CODE&lang=fr"

    /// Links of every shape the unwrapper takes apart, long ones before short ones so stale bytes would show.
    var links: [String] {
        [
            "https://nam12.safelinks.protection.outlook.com/?url=" + enc(action) + "&data=05%7C02",
            "https://x.page.link/?link=" + enc("https://p.firebaseapp.com/__/auth/links?link=" + enc(action)),
            "com.example.app://google/link/?deep_link_id=" + enc(action),
            "https://www.google.com/url?q=" + enc(action) + "&sa=D",
            // An action link that also nests a stray link: found on the second look at the levels passed over.
            action + "&link=" + enc("https://example.com/elsewhere"),
            // Nested link with a line break and `&amp;` to tidy, and one whose double decoding is not UTF-8.
            "https://x.page.link/?link=" + enc(" <" + action.replacingOccurrences(of: "&", with: "&amp;") + ">\n"),
            "https://x.page.link/?link=" + enc("https://y.example/?deep_link_id=%C3%28"),
            "https://x.page.link/?link=https%3A%2F%2Fy.example%2F%3Fa%3D%25zz",
            "https://a.example/?link=%ZZ",
            "javascript:alert(1)//?mode=signIn&apiKey=K&oobCode=C",
            "https://www.example.com/news/1?utm_source=mail",
            action,
        ]
    }

    @Test func oneWorkspaceAnswersAsFreshOnesDo() {
        var workspace = ActionLinkUnwrapper.Workspace()
        for link in links + links.reversed() + links {
            let shared = Result { () throws(LinkInputError) in try workspace.unwrap(link) }
            let fresh = Result { () throws(LinkInputError) in try ActionLinkUnwrapper.unwrap(link) }
            #expect(shared == fresh, "\(link)")
        }
    }

    @Test func freshAnswersAreTheExpectedOnes() throws {
        let results = links.map { link in
            Result { () throws(LinkInputError) in try ActionLinkUnwrapper.unwrap(link) }
        }
        #expect(try results[0].get().layers == [.mailSecurity(.microsoftSafeLinks)])
        #expect(try results[1].get().layers == [.dynamicLink, .hostingLinks])
        #expect(try results[2].get().layers == [.customScheme("com.example.app")])
        #expect(try results[4].get().innermost == links[4])
        #expect(try results[5].get().action?.languageCode == "fr")
        // Decoded twice (`deep_link_id` inside `link`), invalid UTF-8 is repaired as a `String` would be.
        #expect(try results[6].get().innermost == "\u{FFFD}(")
        #expect(try results[6].get().layers == [.dynamicLink, .deepLinkID])
        #expect(throws: LinkInputError.damagedParameter(name: "a", .malformedEscape)) { try results[7].get() }
        #expect(throws: LinkInputError.damagedParameter(name: "link", .malformedEscape)) { try results[8].get() }
        #expect(try results[9].get().action == nil)
        #expect(try results[11].get().action?.oobCode == "CODE")
    }
}
