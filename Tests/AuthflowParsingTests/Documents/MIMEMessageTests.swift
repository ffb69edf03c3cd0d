import Testing

@testable import AuthflowParsing

@Suite("MIMEMessage")
struct MIMEMessageTests {
    private func parse(_ text: String) throws -> MIMEMessage {
        try MIMEMessage.parse(Array(text.utf8))
    }

    @Test("multipart/alternative with quoted-printable parts decodes the broken-up action link")
    func alternativeQuotedPrintable() throws {
        let message = try MIMEMessage.parse(DocumentFixtures.bytes("signin-alternative-qp.eml"))
        #expect(message.subject == "Sign in to Authflow Demo – requested at 09:15")
        #expect(message.textParts.map(\.contentType) == ["text/plain", "text/html"])
        #expect(message.textParts.map(\.charset) == ["utf-8", "utf-8"])
        #expect(message.textParts[0].text.contains("\r\n\(DocumentFixtures.actionLink)\r\n"))
        #expect(message.textParts[1].text.contains(DocumentFixtures.actionLink.replacing("&", with: "&amp;")))
        #expect(message.value(ofHeader: "message-id") == "<000000000000a1b2c3d4e5f6@google.test>")
        #expect(message.value(ofHeader: "RECEIVED")?.hasSuffix("Tue, 04 Mar 2025 09:15:02 -0800 (PST)") == true)
    }

    @Test("A single base64 HTML body with a folded Content-Type is decoded")
    func base64HTML() throws {
        let message = try MIMEMessage.parse(DocumentFixtures.bytes("signin-base64-html.eml"))
        #expect(message.subject == "Sign in to Authflow Demo")
        #expect(message.textParts.count == 1)
        #expect(message.textParts.first?.contentType == "text/html")
        #expect(message.textParts.first?.text.hasPrefix("<!DOCTYPE html>") == true)
        #expect(message.textParts.first?.text.hasSuffix("</html>\n") == true)
    }

    @Test("ISO-8859-1 and windows-1252 parts are converted to Unicode")
    func legacyCharsets() throws {
        let message = try MIMEMessage.parse(DocumentFixtures.bytes("latin1-cp1252.eml"))
        #expect(message.subject == "Café crème")
        #expect(message.value(ofHeader: "from") == "=?ISO-8859-1?Q?Ren=E9e_Exemple?= <renee@example.test>")
        #expect(message.textParts.map(\.charset) == ["iso-8859-1", "windows-1252"])
        #expect(message.textParts.first?.text.hasPrefix("Bonjour Renée,\r\n") == true)
        #expect(message.textParts.last?.text.hasPrefix("Price: €5 – “quoted”, see") == true)
    }

    @Test("mixed > related > alternative keeps the text leaves in order and skips images and attachments")
    func nestedMultiparts() throws {
        let message = try MIMEMessage.parse(DocumentFixtures.bytes("nested-mixed-related-alternative.eml"))
        #expect(message.textParts.map(\.contentType) == ["text/plain", "text/html"])
        #expect(message.textParts.first?.text == "Sign in: <\(DocumentFixtures.actionLink)>\r\n")
        #expect(message.textParts.allSatisfy { !$0.text.contains("epilogue") && !$0.text.contains("multi-part") })
    }

    @Test("An attached message/rfc822 is parsed as a message of its own")
    func forwardedMessage() throws {
        let message = try MIMEMessage.parse(DocumentFixtures.bytes("forwarded-rfc822.eml"))
        #expect(message.subject == "Fwd: Sign in to authflow-demo requested")
        #expect(message.textParts.map(\.contentType) == ["text/plain", "text/html"])
        #expect(
            message.textParts.last?.text.contains(DocumentFixtures.emulatorLink.replacing("&", with: "&amp;")) == true)
    }

    @Test("LF-only line ends, folded headers and a split UTF-8 encoded-word subject")
    func lineFeedsOnly() throws {
        let message = try MIMEMessage.parse(DocumentFixtures.bytes("lf-only.eml"))
        #expect(message.subject == "ログインリンクのお知らせ")
        #expect(message.value(ofHeader: "x-long-header") == "first part\tsecond part  third part")
        #expect(message.textParts.first?.text.hasPrefix("こんにちは。") == true)
    }

    @Test("A base64 attached message is decoded before it is parsed")
    func base64AttachedMessage() throws {
        let inner = "Subject: inner\r\nContent-Type: text/plain\r\n\r\nInner body\r\n"
        let encoded = MIMEMessageTests.base64(Array(inner.utf8))
        let message = try parse(
            "Subject: outer\r\nContent-Type: message/rfc822\r\nContent-Transfer-Encoding: base64\r\n\r\n\(encoded)\r\n"
        )
        #expect(message.textParts.map(\.text) == ["Inner body\r\n"])
    }

    @Test("Preamble and epilogue are ignored and a missing close delimiter is tolerated")
    func preambleAndMissingClose() throws {
        let message = try parse(
            """
            Content-Type: multipart/mixed; boundary=b

            preamble
            --b
            Content-Type: text/plain

            one
            --b-not-a-delimiter
            --b\u{20}\t
            two
            """
        )
        #expect(message.textParts.map(\.text) == ["one\n--b-not-a-delimiter", "two"])
    }

    @Test("A multipart without a boundary parameter uses the first delimiter-looking line")
    func missingBoundaryParameter() throws {
        let message = try parse(
            """
            Content-Type: multipart/alternative

            --guess
            Content-Type: text/plain

            plain
            --guess
            Content-Type: text/html

            <p>html</p>
            --guess--
            """
        )
        #expect(message.textParts.map(\.contentType) == ["text/plain", "text/html"])
        #expect(message.textParts.map(\.text) == ["plain", "<p>html</p>"])
    }

    @Test("A multipart with no boundary at all is read as plain text")
    func noBoundaryAnywhere() throws {
        let message = try parse("Content-Type: multipart/mixed\n\nJust text https://x.test/\n")
        #expect(
            message.textParts == [
                MIMEPart(contentType: "text/plain", charset: nil, text: "Just text https://x.test/\n")
            ])
    }

    @Test("A message without MIME headers is one text/plain part; a body part without headers is too")
    func defaults() throws {
        let message = try parse("Subject: plain\n\nhello")
        #expect(message.textParts == [MIMEPart(contentType: "text/plain", charset: nil, text: "hello")])

        let headerless = try parse("Content-Type: multipart/mixed; boundary=x\n\n--x\n\nbody\n--x--\n")
        #expect(headerless.textParts.map(\.text) == ["body"])
    }

    @Test("A mbox From_ line before the headers is skipped")
    func mboxFromLine() throws {
        let message = try parse("From someone@example.test Tue Mar  4 09:15:02 2025\nSubject: hi\n\nbody")
        #expect(message.subject == "hi")
        #expect(message.headers.map(\.name) == ["Subject"])
    }

    @Test(
        "Input that does not start with header lines is not an email",
        arguments: [
            "<!DOCTYPE html><html><a href=\"x\">x</a></html>", "", "\r\nSubject: late\r\n", "https://x.test/ only",
        ]
    )
    func notAnEmail(text: String) {
        #expect {
            try MIMEMessage.parse(Array(text.utf8))
        } throws: { error in
            guard case .notAnEmail = error as? DocumentError else { return false }
            return true
        }
    }

    @Test("Nesting beyond the depth limit is a clear error")
    func nestingTooDeep() {
        let depth = MIMEMessage.maximumNestingDepth + 1
        var text = ""
        for level in 0..<depth {
            text += "Content-Type: multipart/mixed; boundary=\"level\(level)\"\r\n\r\n--level\(level)\r\n"
        }
        text += "Content-Type: text/plain\r\n\r\ndeep\r\n"
        #expect(throws: DocumentError.nestingTooDeep(limit: MIMEMessage.maximumNestingDepth)) {
            try MIMEMessage.parse(Array(text.utf8))
        }
    }

    @Test("Nesting at the depth limit is still read")
    func nestingAtLimit() throws {
        var text = ""
        for level in 0..<MIMEMessage.maximumNestingDepth {
            text += "Content-Type: multipart/mixed; boundary=\"level\(level)\"\r\n\r\n--level\(level)\r\n"
        }
        text += "Content-Type: text/plain\r\n\r\ndeep\r\n"
        #expect(try MIMEMessage.parse(Array(text.utf8)).textParts.map(\.text) == ["deep\r\n"])
    }

    static func base64(_ bytes: [UInt8]) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var output: [UInt8] = []
        var index = 0
        while index < bytes.count {
            let chunk = Array(bytes[index..<min(index + 3, bytes.count)])
            let value = chunk.enumerated().reduce(UInt32(0)) { $0 | UInt32($1.element) << (16 - 8 * $1.offset) }
            for position in 0..<4 {
                output.append(
                    position <= chunk.count ? alphabet[Int(value >> (18 - 6 * position) & 0x3F)] : UInt8(ascii: "=")
                )
            }
            index += 3
            if index % 57 == 0 { output += [0x0D, 0x0A] }
        }
        return String(decoding: output, as: UTF8.self)
    }
}
