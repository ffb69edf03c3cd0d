import AuthflowPrimitives
import Testing

@testable import AuthflowParsing

@Suite("MIME decoding")
struct MIMEDecodingTests {
    private func quotedPrintable(_ text: String) -> String {
        let bytes = Array(text.utf8)
        return String(decoding: bytes.withUnsafeBufferPointer { MIMEMessage.QuotedPrintable.decode($0) }, as: UTF8.self)
    }

    private func base64(_ text: String) -> String {
        String(decoding: Base64.decodeLeniently(Array(text.utf8)), as: UTF8.self)
    }

    @Test("Quoted-printable: escapes in either case and soft line breaks with CRLF, LF and trailing blanks")
    func quotedPrintableValid() {
        #expect(quotedPrintable("a=3Db=3db") == "a=b=b")
        #expect(
            quotedPrintable("https://x.test/?mode=3Dsign=\r\nIn&oob=\nCode=3D1=  \r\n2=")
                == "https://x.test/?mode=signIn&oobCode=12")
        #expect(quotedPrintable("caf=C3=A9\r\nnext") == "café\r\nnext")
    }

    @Test("Quoted-printable: an = that starts no valid escape is kept literally")
    func quotedPrintableMalformed() {
        #expect(quotedPrintable("a=ZZb") == "a=ZZb")
        #expect(quotedPrintable("100=% sure=4") == "100=% sure=4")
        #expect(quotedPrintable("x= y") == "x= y")
    }

    @Test("Base64: whitespace and line breaks are skipped, padding is optional")
    func base64Tolerant() {
        #expect(base64("aHR0cHM6\r\n Ly94LnRl\tc3Qv") == "https://x.test/")
        #expect(base64("YQ") == "a")
        #expect(base64("YWI") == "ab")
        #expect(base64("YWJj") == "abc")
    }

    @Test("Base64: truncated input yields every complete byte, concatenated encodings both decode")
    func base64Truncated() {
        #expect(base64("aHR0cHM6Ly94") == "https://x")
        #expect(base64("aHR0cHM6Ly9") == "https://")
        #expect(base64("YQ==Yg==") == "ab")
        #expect(base64("!!!").isEmpty)
    }

    @Test("Encoded-words: B and Q, joined when adjacent, literal text kept")
    func encodedWords() {
        let decode = MIMEMessage.EncodedWords.decode
        #expect(decode("=?UTF-8?B?U2lnbiBpbg==?=") == "Sign in")
        #expect(decode("=?utf-8?q?Sign_in_=E2=80=94_now?=") == "Sign in — now")
        #expect(decode("Re: =?ISO-8859-1?Q?Caf=E9?= and =?ISO-8859-1?Q?th=E9?=") == "Re: Café and thé")
        #expect(decode("=?UTF-8?Q?a?= \t =?UTF-8?Q?b?=") == "ab")
        // One UTF-8 character (é = C3 A9) split across two words.
        #expect(decode("=?UTF-8?Q?caf=C3?= =?UTF-8?Q?=A9?=") == "café")
        #expect(decode("=?UTF-8*en?Q?lang?=") == "lang")
        #expect(
            decode("plain = ? text =?broken?X?zz?= =?UTF-8?Q?unterminated")
                == "plain = ? text =?broken?X?zz?= =?UTF-8?Q?unterminated")
    }

    @Test(
        "Charsets are converted with iconv",
        arguments: [
            ([0x63, 0x61, 0x66, 0xE9] as [UInt8], "iso-8859-1", "café"),
            ([0x80, 0x20, 0x93, 0x71, 0x94], "windows-1252", "€ “q”"),
            ([0x1B, 0x24, 0x42, 0x46, 0x7C, 0x4B, 0x5C, 0x1B, 0x28, 0x42], "ISO-2022-JP", "日本"),
            ([0x93, 0xFA, 0x96, 0x7B], "shift_jis", "日本"),
            ([0xF0, 0xD2, 0xC9, 0xD7, 0xC5, 0xD4], "koi8-r", "Привет"),
            ([0xFF, 0xFE, 0x68, 0x00, 0x69, 0x00], "utf-16", "hi"),
            ([0x00, 0x68, 0x00, 0x69], "UTF-16BE", "hi"),
            ([0x68, 0xC3, 0xA9], "\"UTF-8\"", "hé"),
        ]
    )
    func charsets(bytes: [UInt8], charset: String, expected: String) {
        #expect(MIMEPart.CharsetDecoder.decode(bytes, charset: charset) == expected)
    }

    @Test("Invalid bytes become U+FFFD and unknown charsets are read as UTF-8")
    func charsetFailures() {
        #expect(MIMEPart.CharsetDecoder.decode([0x61, 0xFF, 0x62], charset: nil) == "a\u{FFFD}b")
        #expect(MIMEPart.CharsetDecoder.decode([0x61, 0xFF, 0x62], charset: "utf-8") == "a\u{FFFD}b")
        #expect(MIMEPart.CharsetDecoder.decode([0x61, 0x81, 0x20, 0x62], charset: "shift_jis") == "a\u{FFFD} b")
        #expect(MIMEPart.CharsetDecoder.decode([0x61, 0xE3, 0x81], charset: "x-no-such-charset") == "a\u{FFFD}")
        #expect(MIMEPart.CharsetDecoder.decode([0x68, 0x00, 0x69], charset: "utf-16le").hasPrefix("h") == true)
        #expect(MIMEPart.CharsetDecoder.decode([], charset: "koi8-r") == "")
    }
}
