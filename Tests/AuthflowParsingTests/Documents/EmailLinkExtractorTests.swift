import Testing

@testable import AuthflowParsing

@Suite("EmailLinkExtractor")
struct EmailLinkExtractorTests {
    @Test("Quoted-printable multipart/alternative: the text part's link comes first, HTML adds the rest")
    func alternativeQuotedPrintable() throws {
        let links = try EmailLinkExtractor.links(inEML: DocumentFixtures.bytes("signin-alternative-qp.eml"))
        #expect(
            links == [
                ExtractedLink(url: DocumentFixtures.actionLink, source: .text),
                ExtractedLink(
                    url: "https://www.authflow-demo.test/?utm_source=signin-email&utm_medium=email",
                    source: .anchor
                ),
                ExtractedLink(
                    url: "https://mail.authflow-demo.test/unsubscribe?u=8f14e45f&list=transactional",
                    source: .anchor
                ),
                ExtractedLink(url: "https://www.authflow-demo.test/privacy", source: .text),
            ]
        )
    }

    @Test("A base64 HTML body yields the anchor")
    func base64HTML() throws {
        let links = try EmailLinkExtractor.links(inEML: DocumentFixtures.bytes("signin-base64-html.eml"))
        #expect(links.contains(ExtractedLink(url: DocumentFixtures.actionLink, source: .anchor)))
        #expect(links.count == 4)
    }

    @Test("The link inside a forwarded message is found")
    func forwarded() throws {
        let links = try EmailLinkExtractor.links(inEML: DocumentFixtures.bytes("forwarded-rfc822.eml"))
        #expect(links == [ExtractedLink(url: DocumentFixtures.emulatorLink, source: .anchor)])
    }

    @Test("An angle-bracketed link wrapped over lines in an LF-only message is rejoined")
    func wrappedPlainText() throws {
        let links = try EmailLinkExtractor.links(inEML: DocumentFixtures.bytes("lf-only.eml"))
        #expect(links == [ExtractedLink(url: DocumentFixtures.emulatorLink, source: .text)])
    }

    @Test("Deeply nested parts, images and attachments: the action link once, epilogue ignored")
    func nested() throws {
        let links = try EmailLinkExtractor.links(inEML: DocumentFixtures.bytes("nested-mixed-related-alternative.eml"))
        #expect(links == [ExtractedLink(url: DocumentFixtures.actionLink, source: .text)])
    }

    @Test("Legacy charsets: links found in converted text")
    func legacyCharsets() throws {
        let links = try EmailLinkExtractor.links(inEML: DocumentFixtures.bytes("latin1-cp1252.eml"))
        #expect(
            links.map(\.url) == ["https://www.authflow-demo.test/fr/aide", "https://www.authflow-demo.test/tarifs"])
    }

    @Test("Bare HTML is reported as not an email, so the caller can fall back to the HTML extractor")
    func bareHTML() throws {
        let html = try DocumentFixtures.bytes("firebase-signin.html")
        #expect {
            try EmailLinkExtractor.links(inEML: html)
        } throws: { error in
            guard case .notAnEmail = error as? DocumentError else { return false }
            return true
        }
        #expect(try HTMLLinkExtractor.links(inHTML: html).contains { $0.url == DocumentFixtures.actionLink })
    }
}
