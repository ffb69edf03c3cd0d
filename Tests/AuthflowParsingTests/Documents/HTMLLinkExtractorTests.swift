import Testing

@testable import AuthflowParsing

@Suite("HTMLLinkExtractor")
struct HTMLLinkExtractorTests {
    private func links(_ html: String, charset: String? = nil) throws -> [ExtractedLink] {
        try HTMLLinkExtractor.links(inHTML: Array(html.utf8), charset: charset)
    }

    @Test("A realistic sign-in email yields its links in document order, the action link among them")
    func firebaseSignInEmail() throws {
        let result = try HTMLLinkExtractor.links(inHTML: DocumentFixtures.bytes("firebase-signin.html"))
        #expect(
            result == [
                ExtractedLink(
                    url: "https://www.authflow-demo.test/?utm_source=signin-email&utm_medium=email",
                    source: .anchor
                ),
                ExtractedLink(url: DocumentFixtures.actionLink, source: .anchor),
                ExtractedLink(
                    url: "https://mail.authflow-demo.test/unsubscribe?u=8f14e45f&list=transactional",
                    source: .anchor
                ),
                ExtractedLink(url: "https://www.authflow-demo.test/privacy", source: .text),
            ]
        )
    }

    @Test("Entities in href are decoded")
    func entitiesDecoded() throws {
        let result = try links(#"<a href="https://x.test/a?b=1&amp;c=2&#38;d=&#x33;">go</a>"#)
        #expect(result == [ExtractedLink(url: "https://x.test/a?b=1&c=2&d=3", source: .anchor)])
    }

    @Test("Anchors nested in tables come out in document order")
    func anchorsInTables() throws {
        let html = """
            <table><tr><td><a href="https://one.test/">1</a></td>
            <td><table><tr><td><a href="https://two.test/">2</a></td></tr></table></td></tr>
            <tr><td><a href="https://three.test/">3</a></td></tr></table>
            """
        #expect(try links(html).map(\.url) == ["https://one.test/", "https://two.test/", "https://three.test/"])
    }

    @Test("URLs written in text nodes are found, outside script and style")
    func textNodes() throws {
        let html = """
            <style>a { background: url(https://style.test/bg.png) }</style>
            <p>Open https://text.test/path?x=1. Or <i>see https://italic.test/</i></p>
            <script>location = "https://script.test/"</script>
            """
        #expect(
            try links(html) == [
                ExtractedLink(url: "https://text.test/path?x=1", source: .text),
                ExtractedLink(url: "https://italic.test/", source: .text),
            ]
        )
    }

    @Test(
        "Meta refresh targets are read in their usual spellings",
        arguments: [
            #"<meta http-equiv="refresh" content="0; url=https://r.test/a?b=1&amp;c=2">"#,
            #"<META HTTP-EQUIV="Refresh" CONTENT="0;URL='https://r.test/a?b=1&c=2'">"#,
            #"<meta http-equiv=refresh content='5, url = "https://r.test/a?b=1&c=2"'>"#,
            #"<meta http-equiv="refresh" content="0; https://r.test/a?b=1&c=2">"#,
            #"<meta content="0.5;url=https://r.test/a?b=1&c=2" http-equiv=" REFRESH ">"#,
        ]
    )
    func metaRefresh(html: String) throws {
        #expect(try links(html) == [ExtractedLink(url: "https://r.test/a?b=1&c=2", source: .metaRefresh)])
    }

    @Test("A meta refresh without a URL, or another http-equiv, gives nothing")
    func metaRefreshWithoutTarget() throws {
        #expect(try links(#"<meta http-equiv="refresh" content="30"><p>x</p>"#).isEmpty)
        #expect(try links(#"<meta http-equiv="content-language" content="0; url=https://no.test/">"#).isEmpty)
    }

    @Test("Image-map areas are found with their own source")
    func areas() throws {
        let html = """
            <img src="banner.png" usemap="#m"><map name="m">
            <area shape="rect" coords="0,0,10,10" href="https://area.test/one">
            <area shape="rect" coords="10,0,20,10" nohref></map>
            """
        #expect(try links(html) == [ExtractedLink(url: "https://area.test/one", source: .area)])
    }

    @Test("javascript:, mailto:, fragment and relative targets are returned as written")
    func nonHTTPTargetsKept() throws {
        let html = """
            <a href="javascript:void(0)">a</a><a href="mailto:help@example.test?subject=Hi">b</a>
            <a href="#top">c</a><a href="/relative/path">d</a><a href="">e</a><a>f</a>
            """
        #expect(
            try links(html).map(\.url) == [
                "javascript:void(0)", "mailto:help@example.test?subject=Hi", "#top", "/relative/path",
            ]
        )
    }

    @Test("Blanks around an href and line breaks inside it are removed; duplicates keep the first source")
    func whitespaceAndDuplicates() throws {
        let html =
            "<p>https://dup.test/x</p><a href=\"\n  https://dup.test/\n\tx \t\">x</a><a href=\"https://dup.test/x\">again</a>"
        #expect(try links(html) == [ExtractedLink(url: "https://dup.test/x", source: .text)])
    }

    @Test("An explicit charset decodes the bytes before parsing")
    func explicitCharset() throws {
        let bytes: [UInt8] = Array(#"<a href="https://x.test/caf"#.utf8) + [0xE9] + Array(#"">x</a>"#.utf8)
        #expect(try HTMLLinkExtractor.links(inHTML: bytes, charset: "iso-8859-1").map(\.url) == ["https://x.test/café"])
    }

    @Test("Without a charset, a meta declaration decides, and UTF-8 is the default")
    func sniffedCharset() throws {
        let head: [UInt8] = Array(#"<html><head><meta charset="windows-1252"></head><a href="https://x.test/"#.utf8)
        let latin = head + [0x80] + Array(#"">x</a>"#.utf8)
        #expect(try HTMLLinkExtractor.links(inHTML: latin).map(\.url) == ["https://x.test/€"])

        let utf8 = Array(#"<a href="https://x.test/€">x</a>"#.utf8)
        #expect(try HTMLLinkExtractor.links(inHTML: utf8).map(\.url) == ["https://x.test/€"])
    }

    @Test("Empty or markup-free input is fine")
    func emptyAndPlainInput() throws {
        #expect(try links("").isEmpty)
        #expect(try links("just text https://plain.test/ok").map(\.url) == ["https://plain.test/ok"])
    }

    @Test("Input over the size limit is refused")
    func tooLarge() {
        let bytes = [UInt8](repeating: UInt8(ascii: "a"), count: HTMLLinkExtractor.maximumInputSize + 1)
        #expect(throws: DocumentError.tooLarge(limit: HTMLLinkExtractor.maximumInputSize)) {
            try HTMLLinkExtractor.links(inHTML: bytes)
        }
    }
}
