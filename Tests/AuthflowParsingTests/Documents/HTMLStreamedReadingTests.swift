import AuthflowPrimitives
import Testing

@testable import AuthflowParsing

/// ``HTMLLinkExtractor/links(readingHTML:charset:)`` (a page read a part at a time from a file) must find exactly what
/// the whole-document search finds, however the reads happen to cut the bytes.
@Suite("HTMLLinkExtractor reading in parts")
struct HTMLStreamedReadingTests {
    /// Streams `bytes` through reads of at most `step` bytes each.
    private func streamed(_ bytes: [UInt8], step: Int, charset: String? = nil) throws -> [ExtractedLink] {
        var offset = 0
        return try HTMLLinkExtractor.links(
            readingHTML: { buffer in
                let count = min(step, buffer.count, bytes.count - offset)
                for index in 0..<count { buffer[index] = bytes[offset + index] }
                offset += count
                return count
            }, charset: charset)
    }

    /// A page of `anchors` links whose text is full of multi-byte characters, so reads cut characters apart.
    private func page(anchors: Int, prefix: String = "") -> [UInt8] {
        var html = prefix + "<html><body><p>Ünïcödé 日本語 🙂 https://text.test/ü?q=日本</p>"
        for index in 0..<anchors {
            html += "<a href=\"https://a\(index).test/é?x=\(index)\">lien n° \(index) — 🙂</a>\n"
        }
        html += "<p>end https://last.test/done</p></body></html>"
        return Array(html.utf8)
    }

    @Test("Reads of 1, 3, 4,093 and 65,536 bytes give the links of the whole document", arguments: [1, 3, 4093, 65536])
    func sameLinksWhateverTheReads(step: Int) throws {
        let bytes = page(anchors: step == 1 ? 200 : 3000)
        let whole = try HTMLLinkExtractor.links(inHTML: bytes)
        #expect(whole.count > 100)
        #expect(try streamed(bytes, step: step) == whole)
    }

    @Test("A character cut by a read is kept whole, not replaced by U+FFFD")
    func characterAcrossReads() throws {
        // Past the first 8 KiB (read before anything is parsed), a link whose path starts with a four-byte
        // character that the third read of 4,093 bytes cuts after its first byte.
        let opening = "<p></p><a href=\"https://x.test/"
        let filler = String(repeating: "a", count: 3 * 4093 - 1 - opening.utf8.count)
        let bytes = Array("<p>\(filler)</p><a href=\"https://x.test/🙂🙂🙂🙂\">x</a>".utf8)
        #expect(bytes[3 * 4093 - 1] == 0xF0)
        let result = try streamed(bytes, step: 4093)
        #expect(result.map(\.url) == ["https://x.test/🙂🙂🙂🙂"])
        #expect(!result.contains { $0.url.contains("\u{FFFD}") })
    }

    @Test("A byte-order mark is dropped and a legacy charset is converted, as for a whole document")
    func byteOrderMarkAndLegacyCharset() throws {
        let withMark = [0xEF, 0xBB, 0xBF] + page(anchors: 5)
        #expect(try streamed(withMark, step: 2) == HTMLLinkExtractor.links(inHTML: withMark))
        // ISO-8859-1 "é" (0xE9) in an href: converted whole (libxml2 sees UTF-8 either way).
        let latin1: [UInt8] =
            Array(#"<meta charset="iso-8859-1"><a href="https://x.test/caf"#.utf8) + [0xE9] + Array("\">x</a>".utf8)
        let result = try streamed(latin1, step: 5)
        #expect(result == (try HTMLLinkExtractor.links(inHTML: latin1)))
        #expect(result.map(\.url) == ["https://x.test/café"])
    }

    @Test("More than the size limit is refused while reading")
    func tooLarge() async {
        // Seconds of parsing (64 MiB in a debug build): on a thread of its own, not one of the test pool's few.
        let (error, served) = await DetachedThread.value { () -> (DocumentError?, Int) in
            var served = 0
            do {
                _ = try HTMLLinkExtractor.links(readingHTML: { buffer in
                    // Text without links, so the walk keeps asking for more.
                    buffer.update(repeating: UInt8(ascii: "a"))
                    served += buffer.count
                    return buffer.count
                })
                return (nil, served)
            } catch {
                return (error as? DocumentError, served)
            }
        }
        #expect(error == .tooLarge(limit: HTMLLinkExtractor.maximumInputSize))
        #expect(served <= HTMLLinkExtractor.maximumInputSize + 65536)
    }

    @Test("There is no link limit: a page with 15,000 links is read to its end, each link once")
    func readsEveryLink() throws {
        let bytes = page(anchors: 15_000)
        var offset = 0
        let links = try HTMLLinkExtractor.links(readingHTML: { buffer in
            let count = min(buffer.count, bytes.count - offset)
            for index in 0..<count { buffer[index] = bytes[offset + index] }
            offset += count
            return count
        })
        #expect(offset == bytes.count)
        #expect(links.count == Set(links.map(\.url)).count)
        #expect(links.count >= 15_000)
    }
}
