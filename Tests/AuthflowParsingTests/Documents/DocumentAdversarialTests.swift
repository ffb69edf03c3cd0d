import Testing

@testable import AuthflowParsing

@Suite("Documents under hostile input")
struct DocumentAdversarialTests {
    @Test("100,000 nested elements neither overflow the stack nor hide the link at the bottom")
    func deeplyNestedHTML() throws {
        let depth = 100_000
        var html = Array("<html><body>".utf8)
        html.reserveCapacity(depth * 11 + 100)
        for _ in 0..<depth { html += Array("<div>".utf8) }
        html += Array(#"<a href="https://deep.test/link">x</a>"#.utf8)
        for _ in 0..<depth { html += Array("</div>".utf8) }
        let links = try HTMLLinkExtractor.links(inHTML: html)
        #expect(links == [ExtractedLink(url: "https://deep.test/link", source: .anchor)])
    }

    @Test("A 1 MB attribute value is read whole")
    func hugeAttribute() throws {
        let path = String(repeating: "a", count: 1_000_000)
        let html = Array(
            #"<p><a title="\#(path)" href="https://big.test/\#(path)">x</a><a href="https://after.test/">y</a>"#.utf8)
        let links = try HTMLLinkExtractor.links(inHTML: html)
        #expect(links.map(\.url.utf8.count) == [1_000_017, 19])
    }

    @Test("Many entities expand linearly and decode correctly")
    func entityBomb() throws {
        let entities = String(repeating: "&amp;&#x41;&lt;", count: 200_000)
        let html = Array(#"<a href="https://e.test/?q=\#(entities)">x</a><p>\#(entities) https://after.test/</p>"#.utf8)
        let links = try HTMLLinkExtractor.links(inHTML: html)
        #expect(links.first?.url == "https://e.test/?q=" + String(repeating: "&A<", count: 200_000))
        #expect(links.last?.url == "https://after.test/")
    }

    @Test("A text run far past the streaming walk's flush size keeps every URL, bracketed and wrapped ones too")
    func longTextRun() throws {
        var text = ""
        var expected: [String] = []
        // Most blanks sit inside brackets, so the walk's cuts of the run mostly fall inside one.
        let wrapped = String(repeating: "ab\n  ", count: 150)
        for index in 0..<1500 {
            text += String(repeating: "lorem ipsum ", count: 10)
            if index % 3 != 2 {
                text += "&lt;URL:https://b.test/\(index)/\(wrapped)end&gt; "
                expected.append("https://b.test/\(index)/" + String(repeating: "ab", count: 150) + "end")
            } else {
                text += "https://a.test/\(index) "
                expected.append("https://a.test/\(index)")
            }
        }
        let html = Array("<html><body><p>\(text)</p></body></html>".utf8)
        #expect(html.count > 2 * HTMLLinkExtractor.StreamWalk.textFlushSize)
        #expect(try HTMLLinkExtractor.links(inHTML: html).map(\.url) == expected)
        // One run with no blank at all, longer than the flush size, is one URL.
        let long = "https://long.test/" + String(repeating: "x", count: 3 * HTMLLinkExtractor.StreamWalk.textFlushSize)
        #expect(try HTMLLinkExtractor.links(inHTML: Array("<p>\(long)</p>".utf8)).map(\.url) == [long])
    }

    @Test("A character cut by a chunk boundary of the streaming walk is decoded whole")
    func multibyteAcrossChunks() throws {
        let prefix = #"<a href="https://x.test/"#
        let path = String(repeating: "€", count: HTMLLinkExtractor.StreamWalk.chunkSize)
        #expect((HTMLLinkExtractor.StreamWalk.chunkSize - prefix.utf8.count) % 3 != 0)
        let links = try HTMLLinkExtractor.links(inHTML: Array(#"\#(prefix)\#(path)">x</a>"#.utf8))
        #expect(links.map(\.url) == ["https://x.test/" + path])
    }

    @Test("Invalid UTF-8 is replaced, not fatal, and links around it survive")
    func invalidUTF8() throws {
        let html: [UInt8] =
            Array(#"<p>"#.utf8) + [0xFF, 0xC3, 0x28, 0xED, 0xA0, 0x80]
            + Array(#"<a href="https://ok.test/"#.utf8) + [0xF8, 0x88] + Array(#"">x</a></p>"#.utf8)
        #expect(try HTMLLinkExtractor.links(inHTML: html).map(\.url) == ["https://ok.test/\u{FFFD}\u{FFFD}"])
    }

    @Test("Only the document's size bounds its links: 20,000 distinct links all come back, a repeat once")
    func noLinkCap() throws {
        var html = ""
        for index in 0..<20_000 { html += "<a href=\"https://n.test/\(index)\">.</a>" }
        html += "<a href=\"https://n.test/0\">again</a>" // a repeat is no new link
        let links = try HTMLLinkExtractor.links(inHTML: Array(html.utf8))
        #expect(links.count == 20_000)
        #expect(links.last?.url == "https://n.test/19999")
    }

    @Test("A punctuation run after a URL is trimmed without quadratic work")
    func longPunctuationRun() {
        let text = "https://p.test/a" + String(repeating: ")", count: 500_000)
        #expect(TextLinkExtractor.links(inText: text).map(\.url) == ["https://p.test/a"])
    }

    @Test("Truncated base64 and malformed quoted-printable bodies still produce their readable text")
    func brokenTransferEncodings() throws {
        let eml = """
            Content-Type: multipart/mixed; boundary=z

            --z
            Content-Type: text/plain
            Content-Transfer-Encoding: base64

            aHR0cHM6Ly90cnVuY2F0ZWQudGVzdC9hYmNk
            ZWYgbW9yZQ!!*
            --z
            Content-Type: text/html; charset=utf-8
            Content-Transfer-Encoding: quoted-printable

            <a href=3D"https://qp.test/?a=3D1&amp;b=3Z2=\n=3">x</a>=
            --z--
            """
        let links = try EmailLinkExtractor.links(inEML: Array(eml.utf8))
        #expect(links.map(\.url) == ["https://truncated.test/abcdef", "https://qp.test/?a=1&b=3Z2=3"])
    }

    @Test("An unterminated multipart nested far too deep fails cleanly")
    func hostileNesting() {
        var text = ""
        for level in 0..<10_000 { text += "Content-Type: multipart/mixed; boundary=b\(level)\n\n--b\(level)\n" }
        #expect(throws: DocumentError.nestingTooDeep(limit: MIMEMessage.maximumNestingDepth)) {
            try MIMEMessage.parse(Array(text.utf8))
        }
    }

    @Test("Many parts sharing one boundary stay flat; one text part past the cap is an error naming the limit")
    func manyParts() throws {
        var text = "Content-Type: multipart/mixed; boundary=b\n\n"
        for index in 0..<MIMEMessage.maximumTextPartCount { text += "--b\n\npart \(index)\n" }
        let message = try MIMEMessage.parse(Array((text + "--b--\n").utf8))
        #expect(message.textParts.count == MIMEMessage.maximumTextPartCount)
        #expect(message.textParts.last?.text == "part \(MIMEMessage.maximumTextPartCount - 1)")
        text += "--b\n\nthe link\n--b--\n"
        #expect(throws: DocumentError.tooManyParts(limit: MIMEMessage.maximumTextPartCount)) {
            try MIMEMessage.parse(Array(text.utf8))
        }
    }

    @Test("A 10 MB message is read in one pass and its link found")
    func tenMegabyteMessage() throws {
        var eml = Array(
            "From: a@example.test\r\nSubject: big\r\nContent-Type: multipart/mixed; boundary=big\r\n\r\n".utf8)
        eml += Array(
            "--big\r\nContent-Type: text/html; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n"
                .utf8)
        let paragraph = Array(
            "<p style=3D\"margin:0\">Lorem ipsum dolor sit amet https://filler.test/p=\r\nage &amp; more</p>\r\n".utf8)
        while eml.count < 6_000_000 { eml += paragraph }
        eml += Array("<a href=3D\"\(DocumentFixtures.actionLink.replacing("=", with: "=3D"))\">Sign in</a>\r\n".utf8)
        eml += Array(
            "--big\r\nContent-Type: application/octet-stream\r\nContent-Transfer-Encoding: base64\r\n\r\n".utf8)
        let line = Array(String(repeating: "QUJD", count: 19).utf8) + [0x0D, 0x0A]
        while eml.count < 10_500_000 { eml += line }
        eml += Array("--big--\r\n".utf8)

        let links = try EmailLinkExtractor.links(inEML: eml)
        #expect(
            links == [
                ExtractedLink(url: "https://filler.test/page", source: .text),
                ExtractedLink(url: DocumentFixtures.actionLink, source: .anchor),
            ])
    }
}
